import type { Server } from "node:http";
import net from "node:net";
import type { Logger } from "../logger";
import type { Readiness } from "./health";

/** How long requests in flight may take to finish once the server closes, before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * How long a connection left idle when the server stopped listening stays open. Longer than the
 * idle timeout of the balancer's kept-alive connections (deploy/nginx.conf: 4 s), so the balancer
 * closes its own, and never sends a request on one this process is closing at that moment (nginx
 * answers that with a 502, and does not send a POST twice).
 */
const IDLE_CLOSE_MS = 5_000;

/** A turn of the event loop this short ran almost no JavaScript: it left no connection waiting. */
const QUIET_TURN_MS = 2;

/** How long the server waits for such a moment before it stops listening anyway. */
const QUIET_WAIT_MS = 1_000;

/**
 * Stops the HTTP server the way a load balancer needs:
 *
 * 1. For `drainMs`, /readyz answers 503 while every other request is served as before, long enough
 *    for a balancer's probes to take this process out of rotation. Connections stay kept alive:
 *    answering `Connection: close` here would make a balancer without probes open a new connection
 *    for every request it still sends.
 * 2. Then the server stops listening (stopListening). A balancer's next connection is refused,
 *    which it retries on another process, even a POST. Every answer from now on closes its
 *    connection, so a kept-alive connection is used at most once more; idle ones are closed after
 *    `idleCloseMs` (by then the balancer has closed its own), and requests still running after
 *    `graceMs` are cut.
 */
export async function drainHttpServer(options: {
  server: Server;
  readiness: Readiness;
  drainMs: number;
  graceMs?: number;
  idleCloseMs?: number;
  log: Logger;
}) {
  const {
    server,
    readiness,
    drainMs,
    graceMs = SHUTDOWN_GRACE_MS,
    idleCloseMs = IDLE_CLOSE_MS,
    log,
  } = options;
  readiness.startDraining();
  if (drainMs > 0) {
    log.info({ drainMs }, "not ready: draining before the server closes");
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  const closed = new Promise((resolve) => server.once("close", resolve));
  const moment = await stopListening(server, () => readiness.startClosing());
  log.info(moment, "stopped listening");
  const closeIdle = setTimeout(() => server.closeIdleConnections(), Math.min(idleCloseMs, graceMs));
  const forceClose = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(closeIdle);
  clearTimeout(forceClose);
}

/**
 * Closes the listening socket when the kernel's accept queue is empty, or as near to it as can be.
 * A connection the kernel completed but the process has not yet accepted is reset when the socket
 * closes, with the balancer's request already sent on it (nginx answers a POST sent there 502).
 * Connections wait there whenever JavaScript runs: the event loop accepts them only when it next
 * polls. So the socket closes right after accepting a connection (the next accept would have
 * found none), or after a turn of the loop that ran almost nothing, or, under constant load, at
 * the end of a turn after QUIET_WAIT_MS. Only the listening socket: connections stay open.
 */
function stopListening(server: Server, beforeClose: () => void) {
  return new Promise<{ after: string; waitedMs: number }>((resolve) => {
    const started = performance.now();
    let turnStarted = started;
    const stop = (after: string) => {
      server.off("connection", afterAccept);
      beforeClose();
      // net.Server's own close: http.Server#close would also close the idle connections at once
      net.Server.prototype.close.call(server);
      resolve({ after, waitedMs: Math.round(performance.now() - started) });
    };
    const afterAccept = () => stop("a connection");
    const turn = () => {
      if (!server.listening) return;
      const now = performance.now();
      if (now - turnStarted <= QUIET_TURN_MS) return stop("a quiet turn");
      if (now - started >= QUIET_WAIT_MS) return stop("the wait");
      turnStarted = now;
      setImmediate(turn);
    };
    server.on("connection", afterAccept);
    setImmediate(turn);
  });
}
