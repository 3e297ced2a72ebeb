// The store's background jobs through the scheduler, as two processes run them: on PostgreSQL
// (TEST_DATABASE_URL) the second process has a connection pool of its own.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LogRecord, recordingLogger, WARN } from "../../tests/setup/recording-logger";
import { insertTestProduct, insertTestUsers, orderRow, productStock } from "../../tests/setup/test-commerce";
import { placeReservedOrder } from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { consumeRateLimit } from "../auth/rate-limit";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { jobRun, order, rateLimit, session, verification } from "../db/schema";
import type { Services } from "../services";
import { createJobScheduler } from "./scheduler";
import { storeJobs } from "./store-jobs";

const DAY_MS = 24 * 60 * 60 * 1000;

const t = setupTestServices();
let other: DatabaseHandle | undefined;

beforeAll(async () => {
  const url = t.handle.pool?.options.connectionString;
  if (url) other = await openDatabase({ url });
});

afterAll(async () => {
  await other?.close();
});

// every test starts a day later: each job is due
beforeEach(async () => {
  await t.services.db.update(jobRun).set({ nextRunAt: sql`now()` });
});

/** Two processes' schedulers of the store's jobs, each logging to its own records. */
function twoProcesses() {
  return [t.services, { ...t.services, db: other?.db ?? t.services.db }].map((services: Services) => {
    const { log, records } = recordingLogger();
    const scheduler = createJobScheduler({ db: services.db, log, jobs: storeJobs({ ...services, log }) });
    return { scheduler, records };
  });
}

const runsOf = (records: LogRecord[], job: string) => records.filter((record) => record.job === job);

describe("the store's background jobs", () => {
  it("give an expired reservation's stock back once, in one process", async () => {
    const [shopper] = await insertTestUsers(t.services.db, 1);
    const tee = await insertTestProduct(t.services.db, { stock: 5 });
    const { orderId } = await placeReservedOrder(t.services, shopper!, [
      { variantId: tee.variant.id, quantity: 2 },
    ]);
    expect(await productStock(t.services.db, tee.id)).toBe(3);
    await t.services.db
      .update(order)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(order.id, orderId));

    const processes = twoProcesses();
    await Promise.all(processes.map(({ scheduler }) => scheduler.runDue()));

    expect(await productStock(t.services.db, tee.id)).toBe(5);
    expect(await orderRow(t.services.db, orderId)).toMatchObject({ isReserved: false, status: "cancelled" });
    const runs = processes.flatMap(({ records }) => runsOf(records, "release-expired-reservations"));
    expect(runs).toEqual([
      expect.objectContaining({ msg: "job release-expired-reservations ran", checked: 1 }),
    ]);
    // each of the store's jobs ran once, in one process or the other
    const all = processes.flatMap(({ records }) => records.filter((record) => record.job));
    expect(all.map((record) => record.job).sort()).toEqual(
      storeJobs(t.services)
        .map((job) => job.name)
        .sort(),
    );
    expect(processes.flatMap(({ records }) => records.filter((record) => record.level >= WARN))).toEqual([]);
  });

  it("delete expired sessions and reset tokens and keep live ones", async () => {
    const [shopper] = await insertTestUsers(t.services.db, 1);
    const sessionOf = (expiresAt: Date) => ({
      id: randomUUID(),
      token: randomUUID(),
      userId: shopper!.id,
      expiresAt,
      updatedAt: new Date(),
    });
    const expired = sessionOf(new Date(Date.now() - 60_000));
    const live = sessionOf(new Date(Date.now() + DAY_MS));
    await t.services.db.insert(session).values([expired, live]);
    const tokenOf = (expiresAt: Date) => ({
      id: randomUUID(),
      identifier: `reset-password:${randomUUID()}`,
      value: shopper!.id,
      expiresAt,
    });
    const expiredToken = tokenOf(new Date(Date.now() - 60_000));
    const liveToken = tokenOf(new Date(Date.now() + DAY_MS));
    await t.services.db.insert(verification).values([expiredToken, liveToken]);

    const processes = twoProcesses();
    await Promise.all(processes.map(({ scheduler }) => scheduler.runDue()));

    const left = await t.services.db
      .select({ id: session.id })
      .from(session)
      .where(inArray(session.id, [expired.id, live.id]));
    expect(left).toEqual([{ id: live.id }]);
    const tokensLeft = await t.services.db
      .select({ id: verification.id })
      .from(verification)
      .where(inArray(verification.id, [expiredToken.id, liveToken.id]));
    expect(tokensLeft).toEqual([{ id: liveToken.id }]);
    const runs = processes.flatMap(({ records }) => runsOf(records, "delete-expired-sessions"));
    expect(runs).toEqual([expect.objectContaining({ sessions: 1, tokens: 1 })]);
  });

  it("drop rate-limit counters idle for a day and keep current ones", async () => {
    const rule = { window: 60, max: 5 };
    const stale = Array.from({ length: 20 }, (_, i) => `jobs:stale:${i}`);
    for (const key of stale) {
      await consumeRateLimit({ db: t.services.db, key, rule, now: Date.now() - 2 * DAY_MS });
    }
    await consumeRateLimit({ db: t.services.db, key: "jobs:current", rule });

    const processes = twoProcesses();
    await Promise.all(processes.map(({ scheduler }) => scheduler.runDue()));

    const left = await t.services.db
      .select({ key: rateLimit.key })
      .from(rateLimit)
      .where(inArray(rateLimit.key, [...stale, "jobs:current"]));
    expect(left).toEqual([{ key: "jobs:current" }]);
    const runs = processes.flatMap(({ records }) => runsOf(records, "prune-rate-limits"));
    expect(runs).toEqual([expect.objectContaining({ pruned: 20 })]);
  });
});
