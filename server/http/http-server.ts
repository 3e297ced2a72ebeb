import http, { type RequestListener } from "node:http";

/**
 * The Node HTTP server's own limits, chosen rather than inherited (docs/SECURITY.md lists them).
 * Request bodies are limited per route by the body layer (server/http/request-body.ts).
 */
export const HTTP_SERVER_LIMITS = {
  /**
   * A client must send its whole request head within this time, or gets 408 and is disconnected
   * (slowloris). Node's default is 60 s; a real browser needs milliseconds.
   */
  headersTimeoutMs: 20_000,
  /**
   * The whole request, body included, must arrive within this time (Node's default: 300 s). The
   * largest legitimate body is a 5 MB image upload: 120 s allows about 350 kbit/s.
   */
  requestTimeoutMs: 120_000,
  /**
   * An idle keep-alive connection is closed after this time. Longer than the idle timeout of
   * common load balancers (60 s), so the balancer, not the app, closes an idle connection and
   * never sends a request on one the app is closing at that moment (which it would answer 502).
   */
  keepAliveTimeoutMs: 65_000,
  /**
   * Request line and headers together; a larger head gets 431. Node's default, set here so it
   * stays a decision: the store's own cookies are well under 2 KB.
   */
  maxHeaderBytes: 16 * 1024,
  /** How often Node checks the two timeouts above (its default is 30 s, which would stretch them). */
  connectionsCheckingIntervalMs: 5_000,
};

export type HttpServerLimits = typeof HTTP_SERVER_LIMITS;

/** The store's HTTP server with its limits set; `listen` is left to the caller. */
export function createHttpServer(
  app: RequestListener,
  limits: HttpServerLimits = HTTP_SERVER_LIMITS,
): http.Server {
  const server = http.createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
    },
    app,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}
