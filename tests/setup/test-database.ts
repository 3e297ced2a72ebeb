import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";
import { prepareDatabase } from "../../server/prepare-database";

/**
 * Whether this run's databases are PostgreSQL (TEST_DATABASE_URL set). Races between connections
 * are only possible there: PGlite has one connection and runs one transaction at a time.
 */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database of its own for one test file: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgresTemplate = inject("postgresTemplate");
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresTemplate && postgresUrl) {
    const name = `nocturn_test_${process.ppid}_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${postgresTemplate}`);
    } finally {
      await admin.end();
    }
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return openDatabase({ url: url.href });
  }
  const dump = await readFile(inject("pgliteTemplate"));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/**
 * A migrated embedded database in `dataDir` (on disk, under its lock), for tests of what happens to
 * the folder itself: a copy of this run's PGlite template, or migrated here when the run has none
 * (TEST_DATABASE_URL set). Close it when done.
 */
export async function createTestPgliteFolder(dataDir: string): Promise<DatabaseHandle> {
  const template = inject("pgliteTemplate");
  const handle = await openDatabase({
    dataDir,
    loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
  });
  await prepareDatabase(handle);
  return handle;
}
