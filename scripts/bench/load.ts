import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import autocannon from "autocannon";

/** What Chromium sends: the server answers with brotli (compression's default preference). */
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
}

/**
 * Loads one URL with autocannon; fails when any response is not 2xx or when no request succeeded.
 * Requests that time out (30 s) are counted in `errors`: a page that slow is a result, not a crash.
 */
export async function measure(options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers ?? BROWSER_HEADERS,
    timeout: 30,
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
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}
