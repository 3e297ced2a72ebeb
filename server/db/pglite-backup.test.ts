// npm run db:backup / db:restore on the embedded database: a backup restored into a fresh folder
// holds the same orders; a database in use is not copied; a folder holding a database is not overwritten.
import { access, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestProduct, signUpTestUser } from "../../tests/setup/test-commerce";
import { createTestPgliteFolder } from "../../tests/setup/test-database";
import { placePaidOrder, placeReservedOrder } from "../../tests/setup/test-orders";
import { createTestServices } from "../../tests/setup/test-services";
import { type Database, openDatabase } from "./client";
import { BackupRefusedError, type BackupResult, backupPglite, restorePglite } from "./pglite-backup";
import { acquirePgliteLock, PGLITE_LOCK_FILE } from "./pglite-lock";
import { order, orderItem } from "./schema";

/** What a restore must bring back: every order with its number, status, money and lines. */
async function ordersIn(db: Database) {
  const orders = await db
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      totalCents: order.totalCents,
      taxCents: order.taxCents,
    })
    .from(order)
    .orderBy(asc(order.orderNumber));
  const lines = await db
    .select({
      orderId: orderItem.orderId,
      productName: orderItem.productName,
      size: orderItem.size,
      priceCents: orderItem.priceCents,
      quantity: orderItem.quantity,
    })
    .from(orderItem)
    .orderBy(asc(orderItem.orderId), asc(orderItem.productName));
  return { orders, lines };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

let root: string;
/** The store's folder (DATA_DIR/pglite), with two orders in it, closed. */
let dataDir: string;
let placed: Awaited<ReturnType<typeof ordersIn>>;
let backup: BackupResult;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "nocturn-backup-"));
  dataDir = path.join(root, "data", "pglite");
  const t = await createTestServices({}, { database: await createTestPgliteFolder(dataDir) });
  try {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { name: "Midnight Tee", stock: 5 });
    const hoodie = await insertTestProduct(t.services.db, { name: "Eclipse Hoodie", priceCents: 8900 });
    await placePaidOrder(t.services, shopper, [
      { variantId: tee.variant.id, quantity: 2 },
      { variantId: hoodie.variant.id, quantity: 1 },
    ]);
    await placeReservedOrder(t.services, shopper, [{ variantId: hoodie.variant.id, quantity: 3 }]);
    placed = await ordersIn(t.services.db);
  } finally {
    await t.close();
  }
  backup = await backupPglite({ dataDir, file: path.join(root, "backups", "nocturn.tar.gz") });
}, 90_000);

// three database folders of about 40 MB each
afterAll(() => rm(root, { recursive: true, force: true }));

describe("backing up the embedded database and restoring it", () => {
  it("restores the backup into a fresh folder with the same orders, lines and totals", async () => {
    expect(placed.orders).toHaveLength(2);
    expect(placed.lines).toHaveLength(3);
    expect(backup).toMatchObject({ file: path.join(root, "backups", "nocturn.tar.gz"), orders: 2 });
    expect((await readFile(backup.file)).length).toBe(backup.bytes);
    // the store's folder is left as it was, and unlocked
    expect(await exists(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(false);

    const fresh = path.join(root, "elsewhere", "pglite");
    const restored = await restorePglite({ dataDir: fresh, file: backup.file });
    expect(restored).toEqual({ dataDir: fresh, bytes: backup.bytes, orders: 2, movedAsideTo: undefined });
    // neither the dump's lock file nor the restore's own is left behind, nor the staging folder
    expect(await exists(path.join(fresh, PGLITE_LOCK_FILE))).toBe(false);
    expect(await readdir(path.join(root, "elsewhere"))).toEqual(["pglite"]);

    const reopened = await openDatabase({ dataDir: fresh });
    try {
      expect(await ordersIn(reopened.db)).toEqual(placed);
    } finally {
      await reopened.close();
    }
  }, 90_000);

  it("refuses to back up or restore while another live process holds the database", async () => {
    // the lock of a process that is running (this test's parent), as a running store leaves it
    const owner = process.ppid;
    const lock = await acquirePgliteLock(dataDir, owner);
    try {
      const message = `The embedded database in ${dataDir} is in use by process ${owner} (the store?): stop it first`;
      const file = path.join(root, "backups", "while-running.tar.gz");
      const refusedBackup = backupPglite({ dataDir, file });
      await expect(refusedBackup).rejects.toThrow(BackupRefusedError);
      await expect(refusedBackup).rejects.toThrow(message);
      expect(await exists(file)).toBe(false);

      await expect(restorePglite({ dataDir, file: backup.file, force: true })).rejects.toThrow(message);
      // the owner's lock is untouched
      expect((await readFile(path.join(dataDir, PGLITE_LOCK_FILE), "utf8")).trim()).toBe(String(owner));
    } finally {
      await lock.release();
    }
  });

  it("refuses a folder that holds a database, and with --force moves it aside before restoring", async () => {
    await writeFile(path.join(dataDir, "note.txt"), "the database before the restore\n");
    await expect(restorePglite({ dataDir, file: backup.file })).rejects.toThrow(
      `${dataDir} is not empty (it already holds a database): restore into an empty folder, ` +
        "or add --force to move its content aside first (it is kept, not deleted).",
    );
    expect(await exists(path.join(dataDir, "note.txt"))).toBe(true);

    const restored = await restorePglite({
      dataDir,
      file: backup.file,
      force: true,
      now: new Date("2025-03-01T14:05:09.123Z"),
    });
    const aside = `${dataDir}.before-restore-2025-03-01T14-05-09Z`;
    expect(restored).toEqual({ dataDir, bytes: backup.bytes, orders: 2, movedAsideTo: aside });
    // the old content is kept aside, whole; the folder holds the backup's database only
    expect(await exists(path.join(aside, "note.txt"))).toBe(true);
    expect(await exists(path.join(aside, "PG_VERSION"))).toBe(true);
    expect(await exists(path.join(dataDir, "note.txt"))).toBe(false);
    expect(await exists(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await ordersIn(reopened.db)).toEqual(placed);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});
