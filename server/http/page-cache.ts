// A short-lived cache of whole anonymous storefront pages, as a CDN in front of a shop would keep
// (docs/PERFORMANCE.md, "Page cache"; docs/decisions/013-page-cache.md).
import { createHash } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, gunzip, gzip, constants as zlib } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import type { Logger } from "../logger";
import type { Metrics, PageCacheResult, PageCacheStats } from "../metrics/metrics";
import { observeWhenDone } from "../metrics/request-metrics";
import { createCriticalCss } from "./critical-css";
import { logWhenDone, pathOf, requestId } from "./request-log";

/** The pages every visitor without a session sees alike, and their client-side data requests. */
const CANDIDATE_PATH =
  /^\/(?:_root|products(?:\/[^/]+)?|about|legal(?:\/[^/]+)?|cart)?(?:\.data)?$|^\/(?:sitemap\.xml|robots\.txt)$/;
/** The session, its cached copy and the one-time toast: a visitor carrying one is served live. */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?nocturn[._]/;

/**
 * Pages are stored compressed only; this bounds all of them together. A 100 KB page is about 20 KB
 * in brotli and counted as twice that (room for its gzip copy): some 400 such pages.
 */
const MAX_BYTES = 16 * 1024 * 1024;
/** Notifications that something pages show has changed (drizzle/0007_catalog-change-notify.sql). */
export const CATALOG_CHANGED = "catalog_changed";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const decompressBrotli = promisify(brotliDecompress);
const decompressGzip = promisify(gunzip);
// made once per page and sent many times, but also once per miss, of which a large catalog has
// many: on a 47 KiB product page quality 5 takes 3 ms for 8.5 KiB, quality 9 23 ms for 8.3 KiB,
// quality 11 94 ms for 7.6 KiB (docs/decisions/013-page-cache.md)
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 6 };

type Encoding = "br" | "gzip";

interface Entry {
  status: number;
  /**
   * Every header a hit sends but the per-request ones (X-Request-Id, X-Cache, the encoding and the
   * length): the page's own and those the middleware gave the render that stored it (helmet's
   * security headers, its Content-Security-Policy naming the inline scripts by hash).
   */
  headers: [string, string][];
  /** The uncompressed page's length: an empty one is sent as it is. */
  length: number;
  /** Weak: one tag for the page in every encoding. */
  etag: string | null;
  /**
   * The page in each encoding asked for so far, the first made as it is stored. The uncompressed
   * page is not kept (it is five times larger): the next encoding, or a client that takes none,
   * inflates the first copy.
   */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The encoded copies made so far, for hits that can then be answered at once. */
  ready: Partial<Record<Encoding, Buffer>>;
  /** The route label of its path in the metrics, found by its first hit. */
  route?: Promise<string>;
}

/** A request being rendered for the cache: what its render found out when it started. */
interface Fill {
  key: string;
  generation: number;
  settle: (entry: Entry | null) => void;
}

export type PageCacheState = "HIT" | "MISS";

/**
 * Anonymous GETs of storefront pages (no session, no pending toast) are answered from memory
 * while their page is younger than `ttlMs` and nothing it shows has changed. A miss renders the
 * whole page without a CSP nonce, stores it, and serves it like a hit: its inline scripts are
 * allowed by their hashes, so the same bytes can go to every visitor, compressed once per encoding.
 *
 * Any committed change to products, sizes, stock or VAT rates notifies `catalog_changed` and
 * empties the cache of every process (`listener`). While the notifications cannot arrive (the
 * LISTEN connection is lost) nothing is served from or stored in the cache.
 */
export function createPageCache(options: { ttlMs: number; log: Logger }) {
  const entries = new LRUCache<string, Entry>({
    maxSize: MAX_BYTES,
    // stored once its first copy is made; the other encoding, made if a client asks, is about as large
    sizeCalculation: (entry) => 2 * firstCopy(entry).length + HEADERS_BYTES,
    ttl: options.ttlMs,
  });
  const filling = new Map<string, Promise<Entry | null>>();
  const criticalCss = createCriticalCss(options.log);
  let listening = false;
  /** Bumped by every invalidation: a render that began before one is not stored. */
  let generation = 0;
  /** Requests for cacheable pages by how they were answered, for the metrics. */
  const requests: Record<PageCacheResult, number> = { hit: 0, miss: 0, bypass: 0 };

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  /** The stored page for an anonymous GET of a storefront page without a body, if any. */
  const lookup = (req: IncomingMessage): Entry | Promise<Entry | null> | null => {
    if (!isCacheablePage(req) || !listening || isPersonal(req) || hasBody(req)) return null;
    const key = req.url ?? "";
    // requests for a page being rendered wait for it instead of rendering it again
    return entries.get(key) ?? filling.get(key) ?? null;
  };

  /**
   * In front of the app, before Express: a hit costs a map lookup and a write, not the whole
   * middleware chain; it is still logged, counted in the metrics and given its request id.
   */
  const inFront =
    (app: RequestListener, observe: { metrics: Metrics; routeLabel: (path: string) => Promise<string> }) =>
    (req: IncomingMessage, res: ServerResponse) => {
      const found = lookup(req);
      if (found === null) return app(req, res);
      const answer = (entry: Entry) => {
        requests.hit++;
        const id = requestId(req);
        res.setHeader("X-Request-Id", id);
        const path = pathOf(req.url ?? "");
        logWhenDone(options.log, req, res, path, { reqId: id });
        entry.route ??= observe.routeLabel(path);
        observeWhenDone(observe.metrics, req.method, res, () => entry.route as Promise<string>);
        return send(req, res, entry, "HIT");
      };
      if (!(found instanceof Promise)) return void answer(found).catch((error) => fail(res, error));
      found.then(
        (entry) => {
          if (entry) return answer(entry);
          // that render was not stored: render this one live
          waitedInVain.add(req);
          app(req, res);
        },
        (error) => fail(res, error),
      );
    };

  /** Requests that waited for a render that was not stored: rendered live, not for the cache. */
  const waitedInVain = new WeakSet<IncomingMessage>();

  const fail = (res: ServerResponse, error: unknown) => {
    options.log.error({ err: error }, "page cache hit failed");
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Something went wrong. Please try again.");
  };

  /** Counts and marks the renders of cacheable pages that reached the app: misses and bypasses. */
  const middleware: RequestHandler = (req, res, next) => {
    if (!isCacheablePage(req)) return next();
    const key = req.originalUrl;
    if (!listening || isPersonal(req) || waitedInVain.has(req) || filling.has(key) || hasBody(req)) {
      requests.bypass++;
      return next();
    }
    requests.miss++;
    let resolve: (entry: Entry | null) => void = () => {};
    const pending = new Promise<Entry | null>((done) => (resolve = done));
    filling.set(key, pending);
    let settled = false;
    const fill: Fill = {
      key,
      generation,
      settle: (entry) => {
        if (settled) return;
        settled = true;
        if (filling.get(key) === pending) filling.delete(key);
        resolve(entry);
      },
    };
    // a request that fails or is abandoned before its page is stored releases its waiters
    res.once("close", () => fill.settle(null));
    res.locals.pageCacheFill = fill;
    next();
  };

  return {
    /** Wraps the app: hits are answered before it (mount it as the HTTP server's listener). */
    inFront,
    /** Marks misses for `respond`. Mount before the session is read. */
    middleware,
    /** Whether this request's render is for the cache: whole, and without a nonce. */
    isFill: (res: ExpressResponse) => Boolean(res.locals.pageCacheFill),
    /** Sends a render made for the cache, storing it when it may be reused. */
    async respond(req: ExpressRequest, res: ExpressResponse, response: Response) {
      const fill = res.locals.pageCacheFill as Fill;
      let body = Buffer.from(await response.arrayBuffer());
      if (/^text\/html/.test(response.headers.get("Content-Type") ?? ""))
        body = Buffer.from(await criticalCss(body.toString("utf8")));
      const entry = toEntry(response.status, response.headers, res.getHeaders(), body);
      if (entry.etag !== null) await encode(entry, preferredEncoding(req) ?? "br", body);
      const reusable = entry.etag !== null && listening && fill.generation === generation && !res.destroyed;
      if (reusable) entries.set(fill.key, entry);
      fill.settle(reusable ? entry : null);
      await send(req, res, entry, "MISS", body);
    },
    /** The channel's listener (server/db/listen.ts): a notification or a reconnection empties it. */
    listener: {
      notify: () => clear(),
      listening: (now: boolean) => {
        listening = now;
        clear();
        options.log.info(
          { listening: now },
          now ? "page cache on" : "page cache off until the database is back",
        );
      },
    },
    /** How many times it was emptied: a test waits for this to know a change was heard. */
    get invalidations() {
      return generation;
    },
    /** Read by the metrics at each scrape (server/metrics/metrics.ts). */
    get stats(): PageCacheStats {
      return { requests, entries: entries.size, bytes: entries.calculatedSize };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

function isCacheablePage(req: IncomingMessage): boolean {
  return req.method === "GET" && CANDIDATE_PATH.test(pathOf(req.url ?? ""));
}

function isPersonal(req: IncomingMessage): boolean {
  return PERSONAL_COOKIE.test(req.headers.cookie ?? "");
}

/** A GET with a body is left to the body layer, which refuses it. */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** Set per request, or by the response itself: never stored with a page. */
const PER_REQUEST_HEADER =
  /^(content-length|content-encoding|transfer-encoding|x-request-id|x-cache|set-cookie|etag)$/i;

/**
 * Only a plain 200 without cookies may be reused; anything else is still sent, once. `given` are
 * the headers the middleware set on the render's response (helmet's, with a nonce the page does
 * not carry: its policy names the page's inline scripts by hash instead).
 */
function toEntry(
  status: number,
  headers: Headers,
  given: Record<string, number | string | string[] | undefined>,
  body: Buffer,
): Entry {
  // "private" is for shared caches between the store and the browser; this one is the store's own
  const reusable =
    status === 200 && !headers.has("Set-Cookie") && !/no-store/.test(headers.get("Cache-Control") ?? "");
  const html = /^text\/html/.test(headers.get("Content-Type") ?? "");
  const own = [...headers].filter(([name]) => !PER_REQUEST_HEADER.test(name));
  const fromMiddleware: [string, string][] = [];
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined || PER_REQUEST_HEADER.test(name) || headers.has(name)) continue;
    let text = String(value);
    if (/^content-security-policy$/i.test(name)) {
      text = text.replace(/'nonce-[^']*'/, html ? inlineScriptHashes(body.toString("utf8")).join(" ") : "");
    }
    fromMiddleware.push([name, text]);
  }
  const vary = headers.get("Vary");
  return {
    status,
    headers: [
      ...own.filter(([name]) => !/^vary$/i.test(name)),
      ...fromMiddleware.filter(([name]) => !/^vary$/i.test(name)),
      ["Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"],
    ],
    length: body.length,
    etag: reusable ? `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` : null,
    encoded: {},
    ready: {},
  };
}

/** `'sha256-…'` for every inline script of the page, as Content-Security-Policy names them. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || content === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Sends a page: a stored one, or with `body` the render that made it. On the app's path its
 * response already carries helmet's headers.
 */
async function send(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  state: PageCacheState,
  body?: Buffer,
) {
  res.statusCode = entry.status;
  for (const [name] of entry.headers) res.removeHeader(name);
  for (const [name, value] of entry.headers) res.appendHeader(name, value);
  res.setHeader("X-Cache", state);
  if (entry.etag) {
    res.setHeader("ETag", entry.etag);
    if (fresh(req.headers, { etag: entry.etag })) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const encoding = entry.length > 0 ? preferredEncoding(req) : null;
  const bytes = encoding
    ? (entry.ready[encoding] ?? (await encode(entry, encoding, body)))
    : (body ?? (await inflate(entry)));
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}

/**
 * Negotiator's choice per Accept-Encoding value: browsers send a handful of them, so a hit looks
 * its choice up instead of parsing the header again. Cleared when full: a client sending ever new
 * values cannot grow it.
 */
const encodingChoices = new Map<string, Encoding | null>();
const MAX_ENCODING_CHOICES = 100;

/** Brotli when the client takes it, whatever order it lists its encodings in (Chromium: gzip first). */
function preferredEncoding(req: IncomingMessage): Encoding | null {
  // Negotiator reads a missing header as an empty one
  const header = req.headers["accept-encoding"] ?? "";
  const known = encodingChoices.get(header);
  if (known !== undefined) return known;
  const accepted = new Negotiator(req).encodings(["br", "gzip"]);
  const choice = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : null;
  if (encodingChoices.size >= MAX_ENCODING_CHOICES) encodingChoices.clear();
  encodingChoices.set(header, choice);
  return choice;
}

/** The page in `encoding`: made from `body`, the render's, or else from the copy stored. */
function encode(entry: Entry, encoding: Encoding, body?: Buffer): Promise<Buffer> {
  entry.encoded[encoding] ??= (body ? Promise.resolve(body) : inflate(entry))
    .then((page) => (encoding === "br" ? compressBrotli(page, BROTLI) : compressGzip(page, GZIP)))
    .then((bytes) => {
      entry.ready[encoding] = bytes;
      return bytes;
    });
  return entry.encoded[encoding];
}

/** The page uncompressed, from the copy made when it was stored. */
function inflate(entry: Entry): Promise<Buffer> {
  return entry.ready.br ? decompressBrotli(entry.ready.br) : decompressGzip(firstCopy(entry));
}

/** A stored page's first compressed copy, made before it was stored. */
function firstCopy(entry: Entry): Buffer {
  const bytes = entry.ready.br ?? entry.ready.gzip;
  if (!bytes) throw new Error("a page is stored once it is compressed");
  return bytes;
}

/** What a stored page's headers and the cache's bookkeeping take, about. */
const HEADERS_BYTES = 2048;
