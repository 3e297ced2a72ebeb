// A short-lived cache of whole anonymous storefront pages, as a CDN in front of a shop would keep
// (docs/PERFORMANCE.md, "Page cache"; docs/decisions/013-page-cache.md).
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { Logger } from "../logger";
import type { PageCacheResult, PageCacheStats } from "../metrics/metrics";

/** The pages every visitor without a session sees alike, and their client-side data requests. */
const CANDIDATE_PATH =
  /^\/(?:_root|products(?:\/[^/]+)?|about|legal(?:\/[^/]+)?|cart)?(?:\.data)?$|^\/(?:sitemap\.xml|robots\.txt)$/;
/** The session, its cached copy and the one-time toast: a visitor carrying one is served live. */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?nocturn[._]/;

/** Pages are stored with their encodings; this bounds all of it together. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Notifications that something pages show has changed (drizzle/0007_catalog-change-notify.sql). */
export const CATALOG_CHANGED = "catalog_changed";

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
// made once per page and sent many times, but also once per miss, of which a large catalog has
// many: on a 47 KiB product page quality 5 takes 3 ms for 8.5 KiB, quality 9 23 ms for 8.3 KiB,
// quality 11 94 ms for 7.6 KiB (docs/decisions/013-page-cache.md)
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 6 };

type Encoding = "br" | "gzip";

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Weak: one tag for the page in every encoding. */
  etag: string | null;
  /** CSP sources that allow the page's inline scripts; null for what is not HTML. */
  scriptHashes: string[] | null;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
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
    // the encoded copies are made later, and are smaller than a fifth of the page each
    sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.4)),
    ttl: options.ttlMs,
  });
  const filling = new Map<string, Promise<Entry | null>>();
  let listening = false;
  /** Bumped by every invalidation: a render that began before one is not stored. */
  let generation = 0;
  /** Requests for cacheable pages by how they were answered, for the metrics. */
  const requests: Record<PageCacheResult, number> = { hit: 0, miss: 0, bypass: 0 };

  const clear = () => {
    generation += 1;
    entries.clear();
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (!isCacheablePage(req)) return next();
    if (!listening || isPersonal(req)) {
      requests.bypass++;
      return next();
    }
    const key = req.originalUrl;
    try {
      // requests for a page being rendered wait for it instead of rendering it again
      const entry = entries.get(key) ?? (await filling.get(key)) ?? null;
      if (entry) {
        requests.hit++;
        return await send(req, res, entry, "HIT");
      }
    } catch (error) {
      return next(error);
    }
    if (filling.has(key)) {
      requests.bypass++;
      return next(); // that render was not stored: render this one live
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
    /** Serves hits; marks misses for `respond`. Mount before the session is read. */
    middleware,
    /** Whether this request's render is for the cache: whole, and without a nonce. */
    isFill: (res: ExpressResponse) => Boolean(res.locals.pageCacheFill),
    /** Sends a render made for the cache, storing it when it may be reused. */
    async respond(req: ExpressRequest, res: ExpressResponse, response: Response) {
      const fill = res.locals.pageCacheFill as Fill;
      const entry = toEntry(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
      const reusable = entry.etag !== null && listening && fill.generation === generation && !res.destroyed;
      if (reusable) entries.set(fill.key, entry);
      fill.settle(reusable ? entry : null);
      await send(req, res, entry, "MISS");
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

function isCacheablePage(req: ExpressRequest): boolean {
  return req.method === "GET" && CANDIDATE_PATH.test(req.path);
}

function isPersonal(req: ExpressRequest): boolean {
  return PERSONAL_COOKIE.test(req.headers.cookie ?? "");
}

/** Only a plain 200 without cookies may be reused; anything else is still sent, once. */
function toEntry(status: number, headers: Headers, body: Buffer): Entry {
  // "private" is for shared caches between the store and the browser; this one is the store's own
  const reusable =
    status === 200 && !headers.has("Set-Cookie") && !/no-store/.test(headers.get("Cache-Control") ?? "");
  const html = /^text\/html/.test(headers.get("Content-Type") ?? "");
  return {
    status,
    headers: [...headers].filter(
      ([name]) => !/^(content-length|content-encoding|transfer-encoding)$/i.test(name),
    ),
    body,
    etag: reusable ? `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` : null,
    scriptHashes: html ? inlineScriptHashes(body.toString("utf8")) : null,
    encoded: {},
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

async function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: PageCacheState) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (entry.scriptHashes) {
    // helmet wrote this response's policy with a nonce the page does not carry: name the scripts
    const policy = String(res.getHeader("Content-Security-Policy") ?? "");
    const sources = entry.scriptHashes.length > 0 ? entry.scriptHashes.join(" ") : "";
    res.setHeader("Content-Security-Policy", policy.replace(/'nonce-[^']*'/, sources));
  }
  if (entry.etag) {
    res.setHeader("ETag", entry.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  const encoding = entry.body.length > 0 ? preferredEncoding(req) : null;
  const body = encoding ? await encode(entry, encoding) : entry.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/** Brotli when the client takes it, whatever order it lists its encodings in (Chromium: gzip first). */
function preferredEncoding(req: ExpressRequest): Encoding | null {
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
}

function encode(entry: Entry, encoding: Encoding): Promise<Buffer> {
  entry.encoded[encoding] ??=
    encoding === "br" ? compressBrotli(entry.body, BROTLI) : compressGzip(entry.body, GZIP);
  return entry.encoded[encoding];
}
