import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import autocannon from "autocannon";

/** What Chromium sends: live pages get brotli (compression's preference), cached ones what the page cache picks. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html" };

export interface LoadResult {
  /** completed 2xx responses divided by the run's length */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU time of the server process per request, when measured */
  serverCpuMs?: number | null;
  /** CPU time of the PostgreSQL backends per request, when measured */
  dbCpuMs?: number | null;
  /** the machine's 1-minute load average at the end of the run */
  loadAverage?: number;
  /** the X-Cache header of the responses (headers received during the run), when counted */
  cache?: CacheCount;
}

/** How many responses said `X-Cache: HIT`, `X-Cache: MISS` (or another value), or nothing. */
export interface CacheCount {
  hit: number;
  miss: number;
  none: number;
}

/** The X-Cache value of a raw header list [name, value, name, value, ...], or null without one. */
export function xCacheOf(rawHeaders: string[]): string | null {
  for (let index = 0; index < rawHeaders.length - 1; index += 2) {
    const name = rawHeaders[index] as string;
    if (name.length === 7 && name.toLowerCase() === "x-cache") return rawHeaders[index + 1] as string;
  }
  return null;
}

function countCache(count: CacheCount, value: string | null) {
  if (value === null) count.none++;
  else if (value.trim().toUpperCase() === "HIT") count.hit++;
  else count.miss++;
}

/**
 * Loads one URL with autocannon; fails when any response is not 2xx or when no request succeeded.
 * Requests that time out (30 s) are counted in `errors`: a page that slow is a result, not a crash.
 * With `countCache`, every response's X-Cache header is counted (`cache` in the result).
 */
export async function measure(options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  countCache?: boolean;
}): Promise<LoadResult> {
  const cache: CacheCount = { hit: 0, miss: 0, none: 0 };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers ?? BROWSER_HEADERS,
    timeout: 30,
    // each connection's parser reports every response's headers (raw, as name, value, ...)
    setupClient: options.countCache
      ? (client) => client.on("headers", (info) => countCache(cache, xCacheOf(info.headers)))
      : undefined,
  });
  const measured = {
    // not requests.average: with latencies near a second its first one-second sample is empty
    requestsPerSecond: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result["2xx"],
    // autocannon counts a timeout as an error too
    errors: result.errors,
    non2xx: result.non2xx,
    ...(options.countCache ? { cache } : {}),
  };
  if (measured.non2xx > 0 || (measured.errors > 0 && measured.requests === 0)) {
    throw new Error(
      `${options.url}: ${measured.non2xx} non-2xx responses, ${measured.errors} errors/timeouts of ${result.requests.sent}`,
    );
  }
  return measured;
}

export interface PageProbe {
  status: number;
  /** the HTML, decompressed */
  htmlBytes: number;
  /** what went over the wire, as the server compressed it for a browser */
  sentBytes: number;
  encoding: string;
  /** the X-Cache header, or null when the response had none */
  xCache: string | null;
}

/** One request like a browser's: status, HTML size and the bytes the server actually sent. */
export function probePage(
  url: string,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<PageProbe> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: 30_000 }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(parts);
        const encoding = String(response.headers["content-encoding"] ?? "identity");
        const decoded =
          encoding === "br"
            ? brotliDecompressSync(body)
            : encoding === "gzip"
              ? gunzipSync(body)
              : encoding === "deflate"
                ? inflateSync(body)
                : body;
        resolve({
          status: response.statusCode ?? 0,
          htmlBytes: decoded.length,
          sentBytes: body.length,
          encoding,
          xCache: xCacheOf(response.rawHeaders),
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}
