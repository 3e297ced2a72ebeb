import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The embedded instance, when the driver is PGlite. */
  pglite?: PGlite;
  /** Applies the committed migrations in drizzle/. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve("drizzle");

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir`. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** An already-migrated PGlite data directory dump, for fast isolated test databases. */
  loadDataDir?: Blob | File;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  // PGlite does not create parent folders; memory:// when no folder is given (tests)
  if (options.dataDir) await mkdir(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    pglite: client,
  };
}

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
