import type { Server } from "node:http";
import net from "node:net";
import type { Logger } from "../logger";
import type { Readiness } from "./health";

/** How long requests in flight may take to finish once the server closes, before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * How long a connection accepted just before the server stopped listening has to send its request.
 * Until it does, Node counts it as idle; closing it at once would cut a request the balancer has
 * already sent (nginx answers that with a 502, and does not retry a POST).
 */
const LAST_REQUEST_WAIT_MS = 1_000;

/**
 * Stops the HTTP server the way a load balancer needs: first /readyz answers 503 while every other
 * request is still served, for `drainMs`, long enough for the balancer's next probes to take this
 * process out of rotation; then no new connections, requests in flight finish (for `graceMs` at
 * most) and idle keep-alive connections are closed.
 */
export async function drainHttpServer(options: {
  server: Server;
  readiness: Readiness;
  drainMs: number;
  graceMs?: number;
  log: Logger;
}) {
  const { server, readiness, drainMs, graceMs = SHUTDOWN_GRACE_MS, log } = options;
  readiness.startDraining();
  if (drainMs > 0) {
    log.info({ drainMs }, "not ready: draining before the server closes");
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  // finish requests in flight, then force the rest closed
  const forceClose = setTimeout(() => server.closeAllConnections(), graceMs).unref();
  const closeIdle = setTimeout(() => server.closeIdleConnections(), Math.min(LAST_REQUEST_WAIT_MS, graceMs));
  await new Promise<void>((resolve) => {
    // stop listening only: http.Server#close would also close at once the idle connections, among
    // them any just accepted whose request is still on its way; answered while draining, a
    // connection closes after its response (Connection: close), and the idle ones a moment later
    net.Server.prototype.close.call(server, () => resolve());
  });
  clearTimeout(forceClose);
  clearTimeout(closeIdle);
}
