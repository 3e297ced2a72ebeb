import { randomBytes } from "node:crypto";
import { access, link, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { type Database, openDatabase } from "./client";
import { acquirePgliteLock, DatabaseLockedError, PGLITE_LOCK_FILE } from "./pglite-lock";
import { order } from "./schema";

/** A backup or restore that would be unsafe or lose data; the message says what to do instead. */
export class BackupRefusedError extends Error {
  override name = "BackupRefusedError";
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Orders in the database that was dumped. */
  orders: number;
}

export interface RestoreResult {
  dataDir: string;
  bytes: number;
  /** Orders found in the restored database. */
  orders: number;
  /** With `force`: where the folder's previous content now is. */
  movedAsideTo?: string;
}

/**
 * Dumps the embedded database in `dataDir` (DATA_DIR/pglite) to a gzipped tarball at `file`.
 *
 * The folder is opened through openDatabase, so under its lock (pglite-lock.ts): while the store
 * runs, the backup is refused rather than copying files a live process is writing. PGlite's own
 * dumpDataDir runs between queries, so the copy is consistent. An existing `file` is never
 * overwritten (a backup should not destroy the previous one).
 */
export async function backupPglite(options: { dataDir: string; file: string }): Promise<BackupResult> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  // opening a folder without a database would create an empty one, and back that up
  if (!(await holdsDatabase(dataDir))) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir}: nothing to back up.`);
  }
  const handle = await openDatabase({ dataDir }).catch((error: unknown) => {
    throw lockedToRefusal(error, dataDir, "back up");
  });
  try {
    const orders = await countOrders(handle.db);
    const dump = await handle.pglite!.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    await writeNewFile(file, bytes);
    return { file, bytes: bytes.length, orders };
  } finally {
    await handle.close();
  }
}

/**
 * Restores a backupPglite file into `dataDir`. The folder must be empty or missing; with `force`
 * its content is moved aside to `<dataDir>.before-restore-<time>` (never deleted).
 *
 * The folder's lock is held throughout, so a store starting meanwhile is refused. The dump is
 * unpacked and opened in a sibling staging folder first (a broken file leaves `dataDir` as it
 * was), then moved into place.
 */
export async function restorePglite(options: {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const file = path.resolve(options.file);
  const bytes = await readFile(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new BackupRefusedError(`No backup file at ${file}.`);
    }
    throw error;
  });
  const lock = await acquirePgliteLock(dataDir).catch((error: unknown) => {
    throw lockedToRefusal(error, dataDir, "restore");
  });
  const staging = `${dataDir}.restoring-${process.pid}`;
  let moving = false;
  try {
    const existing = (await readdir(dataDir)).filter((entry) => entry !== PGLITE_LOCK_FILE);
    if (existing.length > 0 && !options.force) {
      throw new BackupRefusedError(
        `${dataDir} is not empty (it already holds a database): restore into an empty folder, ` +
          "or add --force to move its content aside first (it is kept, not deleted).",
      );
    }
    // a staging folder of this pid is a leftover of an earlier run that was killed
    await rm(staging, { recursive: true, force: true });
    const orders = await unpackAndCount(staging, bytes);
    // the dump holds the lock file of the process that made it
    await rm(path.join(staging, PGLITE_LOCK_FILE), { force: true });

    moving = true;
    let movedAsideTo: string | undefined;
    if (existing.length > 0) {
      movedAsideTo = `${dataDir}.before-restore-${timestamp(options.now ?? new Date())}`;
      await mkdir(movedAsideTo);
      // entry by entry, so the lock file stays where a starting store looks for it
      for (const entry of existing) await rename(path.join(dataDir, entry), path.join(movedAsideTo, entry));
    }
    for (const entry of await readdir(staging)) {
      await rename(path.join(staging, entry), path.join(dataDir, entry));
    }
    await rm(staging, { recursive: true });
    return { dataDir, bytes: bytes.length, orders, movedAsideTo };
  } catch (error) {
    // once files are being moved, the staging folder may be the only whole copy: keep it
    if (!moving) await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}

async function unpackAndCount(folder: string, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  // PGlite unpacks gzip only when told by the type; backupPglite writes gzip, but take a plain tar too
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const dump = new File([bytes], gzip ? "backup.tar.gz" : "backup.tar", {
    type: gzip ? "application/gzip" : "application/x-tar",
  });
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ dataDir: folder, loadDataDir: dump });
  } catch (error) {
    throw new BackupRefusedError(
      `Could not open the backup as an embedded database: ${(error as Error).message ?? error}`,
    );
  }
  try {
    return await countOrders(handle.db);
  } finally {
    await handle.close();
  }
}

async function countOrders(db: Database): Promise<number> {
  const [row] = await db.select({ orders: count() }).from(order);
  return row?.orders ?? 0;
}

/** Whether the folder holds a PostgreSQL data directory (PGlite checks the same file). */
async function holdsDatabase(dataDir: string): Promise<boolean> {
  try {
    await access(path.join(dataDir, "PG_VERSION"));
    return true;
  } catch {
    return false;
  }
}

function lockedToRefusal(error: unknown, dataDir: string, action: "back up" | "restore"): unknown {
  if (!(error instanceof DatabaseLockedError)) return error;
  const why =
    action === "back up"
      ? "A copy of the files of a running database is not safe."
      : "Replacing the files of a running database corrupts it.";
  return new BackupRefusedError(
    `The embedded database in ${dataDir} is in use by process ${error.owner} (the store?): ` +
      `stop it first, then ${action} again. ${why}`,
  );
}

/** Written aside, then linked into place: link fails if the file exists, and no half file appears. */
async function writeNewFile(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  // owner only: the dump holds customers' addresses and the password hashes
  await writeFile(aside, bytes, { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new BackupRefusedError(`${file} already exists: choose another file name.`);
    }
    throw error;
  } finally {
    await unlink(aside);
  }
}

/** 2025-03-01T14-05-09Z: sorts by time and is a valid file name everywhere. */
function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}
