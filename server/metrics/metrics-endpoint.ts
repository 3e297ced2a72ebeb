import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import { nameRoute } from "./request-metrics";

const METRICS_PATH = "/metrics";

/** The Prometheus text to answer a scrape with: this process's registry, or the whole cluster's. */
export type MetricsSource = () => Promise<{ contentType: string; body: string }>;

/**
 * `GET /metrics` on the store's own port, for a scraper that sends `Authorization: Bearer <token>`
 * (METRICS_TOKEN). Any other request for it goes on to the app and gets the store's ordinary 404
 * page, exactly as an unknown address does: the endpoint is not advertised to whoever probes for
 * it (a 401 would say that something is there). Mounted before the session and the page cache.
 */
export function metricsRoute(options: { token: string; source: MetricsSource; log: Logger }): RequestHandler {
  const expected = digest(`Bearer ${options.token}`);
  return async (req, res, next) => {
    if (req.path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const given = req.headers.authorization;
    // compared as digests of equal length, in constant time: the token cannot be guessed byte by byte
    if (typeof given !== "string" || !timingSafeEqual(digest(given), expected)) return next();
    nameRoute(res, "metrics");
    await answerScrape(options.source, options.log, (status, type, body) => {
      res.status(status).setHeader("Cache-Control", "no-store");
      res.type(type).send(body);
    });
  };
}

/**
 * A listener of its own for Prometheus (METRICS_PORT, on METRICS_HOST): `GET /metrics` without a
 * token, everything else 404. Keep it off the public network (127.0.0.1 by default).
 */
export function startMetricsServer(options: {
  port: number;
  host: string;
  source: MetricsSource;
  log: Logger;
}): Promise<Server> {
  const { source, log } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
      return;
    }
    void answerScrape(source, log, (status, type, body) => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : body);
    });
  });
  // a scraper's keep-alive connection must not hold a stopping process open
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      log.info({ host: options.host, port }, `metrics on http://${options.host}:${port}${METRICS_PATH}`);
      resolve(server);
    });
  });
}

/** Closes the metrics listener and its idle scraper connections. */
export function closeMetricsServer(server: Server): Promise<void> {
  server.closeIdleConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function answerScrape(
  source: MetricsSource,
  log: Logger,
  answer: (status: number, type: string, body: string) => void,
) {
  try {
    const { contentType, body } = await source();
    answer(200, contentType, body);
  } catch (error) {
    // a worker that did not answer the cluster's collection in time: this scrape fails, the next may not
    log.warn({ err: error }, "metrics not collected");
    answer(503, "text/plain; charset=utf-8", "metrics unavailable");
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
