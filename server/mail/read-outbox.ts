import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type AddressObject, simpleParser } from "mailparser";

/**
 * Reads back the e-mails the outbox driver wrote (and messages a test SMTP server received).
 * Only tests use it, so mailparser is a dev dependency: nothing in the store imports this file.
 */

/** The parts of an RFC 822 message a test cares about, decoded to plain strings. */
export interface ParsedEmail {
  /** Decoded header values, e.g. `zoe@example.com` or `Zoë <zoe@example.com>`. */
  to: string;
  from: string;
  subject: string;
  /** The text body without attachments; "" when absent. */
  text: string;
  /** The HTML body without attachments; "" when absent. */
  html: string;
  /** The Date header; null when missing. */
  date: Date | null;
  /** The files attached (the invoice PDF of an order confirmation). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
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
        const [raw, info] = await Promise.all([readFile(file), stat(file)]);
        const parsed = await parseEml(raw);
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

/** Decodes one RFC 822 message (headers, multipart, transfer encodings, charsets, encoded words). */
export async function parseEml(raw: string | Buffer): Promise<ParsedEmail> {
  // a message without a text part has no text, rather than one made from its HTML
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true });
  return {
    to: addressText(mail.to),
    from: addressText(mail.from),
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: mail.html || "",
    date: mail.date ?? null,
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename ?? "",
      contentType: attachment.contentType,
      content: attachment.content,
    })),
  };
}

/** `Zoë <zoe@example.com>`: mailparser's own `text` quotes every display name. */
function addressText(header: AddressObject | AddressObject[] | undefined): string {
  if (!header) return "";
  return (Array.isArray(header) ? header : [header])
    .flatMap((object) => object.value)
    .map(({ name, address = "" }) => (name ? `${name} <${address}>` : address))
    .join(", ");
}

function timestampPrefix(name: string): string {
  return name.slice(0, name.lastIndexOf("-"));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
