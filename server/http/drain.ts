import type { Server } from "node:http";
import type { Logger } from "../logger";
import type { Readiness } from "./health";

/** How long requests in flight may take to finish once the server closes, before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

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
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forceClose);
}
