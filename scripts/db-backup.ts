// npm run db:backup -- <file>: dumps the embedded database (DATA_DIR/pglite) to a gzipped tarball.
// Stop the store first: a running store holds the folder's lock and the backup is refused.
// PostgreSQL (DATABASE_URL) is backed up with pg_dump: docs/OPERATIONS.md#backups-and-restore.
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../server/config";
import { BackupRefusedError, backupPglite } from "../server/db/pglite-backup";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length > 1)
  fail("Usage: npm run db:backup -- <file>   (e.g. backups/nocturn.tar.gz)");
const config = parseConfig();
if (config.databaseUrl) {
  fail(
    "DATABASE_URL is set: this script backs up the embedded database only. Use pg_dump " +
      "(docs/OPERATIONS.md#backups-and-restore).",
  );
}
const dataDir = path.join(config.dataDir, "pglite");
try {
  const backup = await backupPglite({ dataDir, file });
  console.log(
    `Backed up ${dataDir} (${backup.orders} orders) to ${backup.file} (${(backup.bytes / 1e6).toFixed(1)} MB).`,
  );
  console.log(
    "Images and the generated auth secret are not in it: see docs/OPERATIONS.md#backups-and-restore.",
  );
} catch (error) {
  if (error instanceof BackupRefusedError) fail(error.message);
  throw error;
}
