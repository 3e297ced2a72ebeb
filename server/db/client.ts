import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createLogger, type Logger } from "../logger";
import { describeDatabaseUrl } from "./describe-database";
import { type ChannelListener, listenOnPostgres, type Subscription } from "./listen";
import { type ConnectionTarget, ownConnection } from "./own-connection";
import { acquirePgliteLock } from "./pglite-lock";
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from "./pool-settings";
import * as schema from "./schema";
import { withStartupLock } from "./startup-lock";
import { watchPool } from "./watch-pool";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The embedded instance, when the driver is PGlite. */
  pglite?: PGlite;
  /** The connection pool, when the driver is PostgreSQL. */
  pool?: pg.Pool;
  /** Applies the committed migrations in drizzle/ (server/prepare-database.ts adds the reference data). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work that must happen once however many processes start at the same time:
   * on PostgreSQL under an advisory lock (startup-lock.ts); PGlite has one process anyway.
   */
  duringStartup<T>(task: () => Promise<T>): Promise<T>;
  /** LISTEN on a channel: on PostgreSQL over a connection of its own that reconnects (listen.ts). */
  listen(channel: string, listener: ChannelListener): Promise<Subscription>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve("drizzle");

/**
 * PostgreSQL's settings for the embedded database, sized for a shop rather than a database server
 * (docs/PERFORMANCE.md, "Memory"). PGlite's WebAssembly memory never shrinks, and initdb's
 * shared_buffers of 128 MB are touched whole at start: 16 MB took the store's RSS after start from
 * about 455 to 320 MiB. The data files stay in the operating system's page cache, so a page that
 * is not in shared_buffers costs a read from memory, not from disk.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir`.
 *
 * PostgreSQL goes through a pool that survives lost connections (see watch-pool.ts) and bounds
 * every wait: opening or waiting for a connection (`connectTimeoutMs`) and each statement
 * (`statementTimeoutMs`, enforced by the server). PGlite is one in-process connection: there is
 * nothing to lose or wait for, and it does not enforce statement_timeout (no timers in WebAssembly).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** An already-migrated PGlite data directory dump, for fast isolated test databases. */
  loadDataDir?: Blob | File;
  pool?: Partial<PoolSettings>;
  /** Where outages of PostgreSQL are reported; silent when not given. */
  log?: Logger;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const settings = { ...DEFAULT_POOL_SETTINGS, ...options.pool };
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.max,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      // sent as a start-up parameter: the server cancels longer statements on every pooled connection
      ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    });
    const log = options.log ?? createLogger({ level: "silent" });
    watchPool(pool, { log, target: describeDatabaseUrl(url) });
    // migrations, the start-up lock and each LISTEN hold a connection of their own, outside the pool
    const own = { url, connectTimeoutMs: settings.connectTimeoutMs };
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      pool,
      migrate: () => migrateOverOwnConnection(own),
      duringStartup: (task) => withStartupLock(own, task),
      listen: (channel, listener) => listenOnPostgres({ ...own, channel, listener, log }),
      close: () => pool.end(),
    };
  }
  // one process per data directory (pglite-lock.ts); memory:// when no folder is given (tests)
  const lock = options.dataDir ? await acquirePgliteLock(options.dataDir) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
      startParams: PGLITE_START_PARAMS,
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    duringStartup: (task) => task(),
    // one in-process connection: it cannot be lost, and a notification arrives before the
    // statement that sent it returns
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
      listener.listening(true);
      return { close: () => unlisten() };
    },
    async close() {
      await client.close();
      await lock?.release();
    },
    pglite: client,
  };
}

/**
 * Migrations run on a connection of their own, without the pool's statement timeout: building an
 * index on a large table may take longer than any request should.
 */
async function migrateOverOwnConnection(target: ConnectionTarget) {
  const client = ownConnection(target);
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
