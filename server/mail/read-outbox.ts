import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Reads back the e-mails the outbox driver wrote, for tests, integration runs and a developer
 * who wants the reset link. Node only, no mail library: the browser tests import it too.
 */

/** The parts of an RFC 822 message a test cares about, decoded to plain strings. */
export interface ParsedEmail {
  /** Decoded header values, e.g. `zoe@example.com` or `Zoë <zoe@example.com>`. */
  to: string;
  from: string;
  subject: string;
  /** The first text/plain part that is not an attachment, line breaks as `\n`; "" when absent. */
  text: string;
  /** The first text/html part that is not an attachment, line breaks as `\n`; "" when absent. */
  html: string;
  /** The Date header; null when missing or unreadable. */
  date: Date | null;
}

export interface OutboxEmail extends Omit<ParsedEmail, "date"> {
  /** Absolute path of the .eml file. */
  file: string;
  /** The Date header, or the file's modification time when the header is missing. */
  date: Date;
}

/** Every .eml in the folder, oldest first, newest last. A missing folder is an empty outbox. */
export async function listOutbox(folder: string): Promise<OutboxEmail[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith(".eml"))
      .map(async (name) => {
        const file = path.resolve(folder, name);
        const [raw, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
        const parsed = parseEml(raw);
        return { name, mtimeMs: info.mtimeMs, email: { ...parsed, file, date: parsed.date ?? info.mtime } };
      }),
  );
  // File names start with the send time to the millisecond; two mails sent within the same
  // millisecond are told apart by the (sub-millisecond) modification time, then by name.
  entries.sort(
    (a, b) =>
      compare(timestampPrefix(a.name), timestampPrefix(b.name)) ||
      a.mtimeMs - b.mtimeMs ||
      compare(a.name, b.name),
  );
  return entries.map((entry) => entry.email);
}

/** Decodes one RFC 822 message (headers, multipart, quoted-printable, base64, encoded words). */
export function parseEml(raw: string): ParsedEmail {
  const root = parsePart(raw);
  const bodies = { text: undefined as string | undefined, html: undefined as string | undefined };
  collectBodies(root, bodies);
  const dateHeader = root.headers.get("date");
  const date = dateHeader ? new Date(dateHeader) : null;
  return {
    to: decodeWords(root.headers.get("to") ?? ""),
    from: decodeWords(root.headers.get("from") ?? ""),
    subject: decodeWords(root.headers.get("subject") ?? ""),
    text: bodies.text ?? "",
    html: bodies.html ?? "",
    date: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}

interface MimePart {
  /** Lower-cased names; the first occurrence of each header wins. */
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  // unfold: a line that starts with white space continues the header above it
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectBodies(part: MimePart, found: { text?: string; html?: string }): void {
  const contentType = parseHeaderValue(part.headers.get("content-type") ?? "text/plain");
  const type = contentType.value.toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = contentType.params.get("boundary");
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collectBodies(parsePart(child), found);
    return;
  }
  const disposition = parseHeaderValue(part.headers.get("content-disposition") ?? "inline");
  if (disposition.value.toLowerCase() === "attachment") return;
  const key = type === "text/plain" ? "text" : type === "text/html" ? "html" : undefined;
  if (!key || found[key] !== undefined) return;
  const bytes = decodeTransfer(part.body, part.headers.get("content-transfer-encoding") ?? "7bit");
  found[key] = decodeCharset(bytes, contentType.params.get("charset")).replace(/\r\n/g, "\n");
}

function splitMultipart(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) parts.push(current.join("\n"));
      current = [];
    } else {
      // text before the first delimiter is the preamble, ignored by every reader
      current?.push(line);
    }
  }
  // the line break before a delimiter belongs to the delimiter (RFC 2046), so joining the
  // lines of a part with "\n" gives back its content without a stray trailing newline
  if (current) parts.push(current.join("\n"));
  return parts;
}

function decodeTransfer(body: string, encoding: string): Uint8Array {
  switch (encoding.trim().toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      // 7bit, 8bit, binary: the text is already what it says
      return Buffer.from(body, "utf8");
  }
}

function decodeQuotedPrintable(body: string): Uint8Array {
  const joined = body
    .replace(/[ \t]+(?=\r?\n|$)/g, "") // trailing white space was added in transit (RFC 2045 6.7)
    .replace(/=\r?\n/g, ""); // soft line breaks
  return hexEscapesToBytes(joined);
}

/** Turns `=XX` escapes into bytes; everything else is taken as UTF-8. */
function hexEscapesToBytes(input: string): Uint8Array {
  const chunks: Buffer[] = [];
  let last = 0;
  for (const match of input.matchAll(/=([0-9A-Fa-f]{2})/g)) {
    chunks.push(Buffer.from(input.slice(last, match.index), "utf8"));
    chunks.push(Buffer.from([Number.parseInt(match[1]!, 16)]));
    last = match.index + match[0].length;
  }
  chunks.push(Buffer.from(input.slice(last), "utf8"));
  return Buffer.concat(chunks);
}

function decodeCharset(bytes: Uint8Array, charset: string | undefined): string {
  // RFC 2231 allows a language suffix, as in utf-8*en
  const label = (charset ?? "utf-8").split("*")[0]!.trim() || "utf-8";
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

/** Decodes RFC 2047 encoded words in a header value, e.g. `=?UTF-8?Q?Zo=C3=AB?=`. */
export function decodeWords(value: string): string {
  let out = "";
  let last = 0;
  // adjacent words may split one multi-byte character, so their bytes are joined first
  let pending: { charset: string; bytes: Uint8Array[] } | undefined;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const gap = value.slice(last, match.index);
    // white space between two encoded words is not part of the text (RFC 2047 6.2)
    if (!(pending && /^\s*$/.test(gap))) {
      flush();
      out += gap;
    }
    const [, charset, kind, data] = match as unknown as [string, string, string, string];
    const bytes =
      kind.toUpperCase() === "B" ? Buffer.from(data, "base64") : hexEscapesToBytes(data.replace(/_/g, "=20"));
    const normalized = charset.toLowerCase();
    if (pending && pending.charset !== normalized) flush();
    pending ??= { charset: normalized, bytes: [] };
    pending.bytes.push(bytes);
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}

/** Splits `type/sub; a=1; b="two; three"` into its value and lower-cased parameter names. */
function parseHeaderValue(header: string): { value: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semicolon = header.indexOf(";");
  const value = (semicolon === -1 ? header : header.slice(0, semicolon)).trim();
  const rest = semicolon === -1 ? "" : header.slice(semicolon + 1);
  for (const match of rest.matchAll(/([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const name = match[1]!.toLowerCase();
    const quoted = match[2];
    params.set(name, quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (match[3] ?? "").trim());
  }
  return { value, params };
}

function timestampPrefix(name: string): string {
  return name.slice(0, name.lastIndexOf("-"));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
