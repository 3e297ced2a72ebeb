// One PGlite data directory, one process: a second process is refused, a dead one's lock is taken over.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { spawnModule } from "../../tests/setup/processes";
import { openDatabase } from "./client";
import { acquirePgliteLock, DatabaseLockedError, PGLITE_LOCK_FILE } from "./pglite-lock";

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }
});

const newDataDir = async () => path.join(await mkdtemp(path.join(tmpdir(), "nocturn-lock-")), "pglite");

/** The id of a process that has run and exited: its lock is stale. */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

describe("the PGlite lock", () => {
  it("refuses a second process while the first has the data directory open", async () => {
    const dataDir = await newDataDir();
    const child = spawnModule(
      `const { openDatabase } = await import("./server/db/client.ts");
         const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
         process.stdout.write("open\\n");
         process.once("SIGTERM", async () => { await database.close(); process.exit(0); });`,
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("open") && resolve());
      child.once("exit", (code) => reject(new Error(`the first process exited with ${code}`)));
    });

    const refused = openDatabase({ dataDir });
    await expect(refused).rejects.toThrow(DatabaseLockedError);
    await expect(refused).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by process ${child.pid}; PGlite is single-process: ` +
        "stop that process first, or set DATABASE_URL to run several processes.",
    );
    // the refused process did not touch the owner's lock
    expect((await readFile(path.join(dataDir, PGLITE_LOCK_FILE), "utf8")).trim()).toBe(String(child.pid));
  }, 60_000);

  it("takes over the lock of a process that is gone, and removes its own on close", async () => {
    const dataDir = await newDataDir();
    const lockFile = path.join(dataDir, PGLITE_LOCK_FILE);
    const dead = await pidOfExitedProcess();
    const stale = await acquirePgliteLock(dataDir, dead);
    expect((await readFile(lockFile, "utf8")).trim()).toBe(String(dead));

    const database = await openDatabase({ dataDir });
    expect((await readFile(lockFile, "utf8")).trim()).toBe(String(process.pid));
    // the old owner's release must not remove the new owner's lock
    await stale.release();
    expect((await readFile(lockFile, "utf8")).trim()).toBe(String(process.pid));

    await database.close();
    await expect(readFile(lockFile, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  }, 60_000);

  it("refuses a lock held by another live process and takes over an unreadable one", async () => {
    const dataDir = await newDataDir();
    const mine = await acquirePgliteLock(dataDir);
    // this test's process is alive: to any other pid its lock is a live one
    await expect(acquirePgliteLock(dataDir, process.pid + 1_000_000)).rejects.toThrow(DatabaseLockedError);
    await mine.release();

    await writeFile(path.join(dataDir, PGLITE_LOCK_FILE), "");
    const taken = await acquirePgliteLock(dataDir);
    expect((await readFile(path.join(dataDir, PGLITE_LOCK_FILE), "utf8")).trim()).toBe(String(process.pid));
    await taken.release();
  });
});
