import type pg from "pg";
import type { Logger } from "../logger";
import { classifyDatabaseError } from "./database-errors";

/**
 * Connections that were open when an outage began and report their failure within this time are
 * counted as lost in that outage: a restart cuts them all at once, but their errors arrive one by
 * one, some after a fresh connection has already succeeded.
 */
const SAME_INCIDENT_MS = 30_000;

/**
 * Keeps the process alive when PostgreSQL drops connections, and logs each outage once.
 *
 * pg.Pool emits 'error' when an idle connection dies (pg_terminate_backend, a restart, a
 * failover); without a listener Node treats that as an uncaught exception and the process exits.
 * The pool has already discarded the dead connection by then and opens a fresh one on the next
 * query, so nothing needs to be done beyond noting it.
 *
 * One line when connections start failing ("database unavailable: <reason>") and one when a new
 * connection is established again ("database reachable again"), however many connections and
 * requests fail in between. A pool whose connections are all busy is not an outage (see
 * classifyDatabaseError): those requests are logged one by one.
 */
export function watchPool(pool: pg.Pool, options: { log: Logger; target: string }) {
  const { log, target } = options;
  const openedAt = new WeakMap<pg.PoolClient, number>();
  let incidentStartedAt = Number.NEGATIVE_INFINITY;
  let isDown = false;

  const noteFailure = (error: unknown, client?: pg.PoolClient) => {
    const failure = classifyDatabaseError(error);
    if (failure?.kind !== "unavailable" || isDown) return;
    const now = Date.now();
    const opened = client ? openedAt.get(client) : undefined;
    if (opened !== undefined && opened <= incidentStartedAt && now - incidentStartedAt < SAME_INCIDENT_MS)
      return;
    isDown = true;
    incidentStartedAt = now;
    log.warn({ database: target, code: failure.code }, `database unavailable: ${failure.reason}`);
  };

  pool.on("error", (error, client) => noteFailure(error, client));
  // only a new connection proves the server is back: a client released cleanly may still have
  // lost its connection (drizzle releases a transaction's client without the error)
  pool.on("connect", (client) => {
    openedAt.set(client, Date.now());
    if (!isDown) return;
    isDown = false;
    log.info({ database: target, downForMs: Date.now() - incidentStartedAt }, "database reachable again");
  });
  pool.on("release", (error: Error | undefined, client) => {
    if (error) noteFailure(error, client);
  });
  // failures to open a connection reach only the caller: see them on their way there
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: (error: Error | undefined, ...rest: unknown[]) => void) => {
    if (callback) {
      return connect((error, ...rest) => {
        if (error) noteFailure(error);
        callback(error, ...rest);
      });
    }
    return connect().catch((error: unknown) => {
      noteFailure(error);
      throw error;
    });
  }) as typeof pool.connect;
}
