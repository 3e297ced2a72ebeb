import pg from "pg";

/** The PostgreSQL server a connection of the store's own goes to, and how long connecting may take. */
export interface ConnectionTarget {
  url: string;
  connectTimeoutMs: number;
}

/**
 * A connection outside the pool: for migrations, the start-up lock, the wait for the database and a
 * LISTEN. Its "error" events are dropped on purpose: a failure surfaces through connect() and the
 * queries, and a lost connection also emits "end", which is where a caller that outlives its
 * queries handles it. `keepAlive`: a connection that died silently (a dropped route, a crashed host)
 * ends within minutes.
 */
export function ownConnection(target: ConnectionTarget, options: { keepAlive?: true } = {}): pg.Client {
  const client = new pg.Client({
    connectionString: target.url,
    connectionTimeoutMillis: target.connectTimeoutMs,
    ...options,
  });
  client.on("error", () => {});
  return client;
}
