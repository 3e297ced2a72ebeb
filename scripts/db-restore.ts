// npm run db:restore -- <file> [--force]: restores a db:backup file into DATA_DIR/pglite.
// Refuses a folder that holds a database; --force moves its content aside (kept, not deleted).
// Stop the store first: a running store holds the folder's lock and the restore is refused.
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../server/config";
import { BackupRefusedError, restorePglite } from "../server/db/pglite-backup";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
const [file] = positionals;
if (!file || positionals.length > 1) fail("Usage: npm run db:restore -- <file> [--force]");
const config = parseConfig();
if (config.databaseUrl) {
  fail(
    "DATABASE_URL is set: this script restores the embedded database only. Use pg_restore " +
      "(docs/OPERATIONS.md#backups-and-restore).",
  );
}
const dataDir = path.join(config.dataDir, "pglite");
try {
  const restored = await restorePglite({ dataDir, file, force: values.force });
  if (restored.movedAsideTo) console.log(`Moved the previous database aside to ${restored.movedAsideTo}.`);
  console.log(
    `Restored ${path.resolve(file)} (${(restored.bytes / 1e6).toFixed(1)} MB) into ${restored.dataDir}: ` +
      `${restored.orders} orders. Start the store to use it (it applies any newer migrations).`,
  );
} catch (error) {
  if (error instanceof BackupRefusedError) fail(error.message);
  throw error;
}
