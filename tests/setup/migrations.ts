// Runs the committed migrations one by one on a bare PGlite, so a test can put rows in the shape
// of an older schema before the migration under test runs.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const folder = path.resolve("drizzle");

async function runMigration(db: PGlite, file: string) {
  const text = await readFile(path.join(folder, file), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

/** The migrations before the one whose name starts with `prefix` ("0005_"), and then the rest. */
export async function migrationsAround(db: PGlite, prefix: string) {
  const files = (await readdir(folder)).filter((file) => file.endsWith(".sql")).sort();
  const index = files.findIndex((file) => file.startsWith(prefix));
  if (index < 0) throw new Error(`no migration starts with ${prefix}`);
  return {
    runBefore: async () => {
      for (const file of files.slice(0, index)) await runMigration(db, file);
    },
    runFrom: async () => {
      for (const file of files.slice(index)) await runMigration(db, file);
    },
  };
}
