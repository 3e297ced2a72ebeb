import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** The lock's file name inside the PGlite data directory; it holds the owner's process id. */
export const PGLITE_LOCK_FILE = "nocturn.lock";

/** The embedded database's folder is open in another process that is still running. */
export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
  constructor(
    message: string,
    /** The pid of the process that holds the folder. */
    readonly owner: number,
  ) {
    super(message);
  }
}

export interface PgliteLock {
  /** Removes the lock file, unless another process has taken it over meanwhile. */
  release(): Promise<void>;
}

/**
 * PGlite is single-process: two processes writing one data directory corrupt it, and PGlite
 * itself does not notice. This lock file, holding the owner's pid, makes the second process refuse
 * to start. A lock left by a process that is gone (killed, crashed) is taken over.
 *
 * Creating the file is atomic (O_EXCL). Taking a stale lock over moves it aside under a name of
 * our own first and checks that what was moved is the stale lock that was read, so two processes
 * taking over the same stale lock at once do not both succeed.
 */
export async function acquirePgliteLock(dataDir: string, pid = process.pid): Promise<PgliteLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (;;) {
    try {
      await writeFile(file, `${pid}\n`, { flag: "wx" });
      return { release: () => releaseLock(file, pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const content = await readIfExists(file);
    if (content === undefined) continue; // released between our attempt and the read
    const owner = Number.parseInt(content, 10);
    // the same pid is a previous run of ours (a container's node is often pid 1 every time)
    if (owner !== pid && isRunning(owner)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by process ${owner}; PGlite is single-process: ` +
          "stop that process first, or set DATABASE_URL to run several processes.",
        owner,
      );
    }
    const aside = `${file}.stale-${pid}`;
    try {
      await rename(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // someone else moved it
      throw error;
    }
    if ((await readIfExists(aside)) !== content) {
      // another process took the stale lock over between our read and the move: give it back
      await link(aside, file).catch(() => {});
      await unlink(aside);
      continue;
    }
    await unlink(aside);
  }
}

async function releaseLock(file: string, pid: number) {
  if ((await readIfExists(file))?.trim() === String(pid)) await unlink(file);
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false; // an unreadable lock is nobody's
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
