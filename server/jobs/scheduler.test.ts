// The scheduler on a real database. Two schedulers stand for two processes: on PostgreSQL each has
// a connection pool of its own (TEST_DATABASE_URL), on PGlite they share the one connection. Time
// moves by shifting the job_run rows (`advance`), never by waiting.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LogRecord, recordingLogger, WARN } from "../../tests/setup/recording-logger";
import { TcpProxy } from "../../tests/setup/tcp-proxy";
import { createTestDatabase, onPostgres } from "../../tests/setup/test-database";
import { type Database, type DatabaseHandle, openDatabase } from "../db/client";
import { jobRun } from "../db/schema";
import { createJobScheduler, type Job } from "./scheduler";

const MINUTE = 60 * 1000;
const INFO = 30;

let handle: DatabaseHandle;
/** The second "process": its own pool on PostgreSQL, the same database handle on PGlite. */
let other: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  other = handle.pool ? await openDatabase({ url: postgresUrl(handle) }) : handle;
});

afterAll(async () => {
  if (other !== handle) await other?.close();
  await handle?.close();
});

function postgresUrl(database: DatabaseHandle): string {
  const url = database.pool?.options.connectionString;
  if (!url) throw new Error("not a PostgreSQL database");
  return url;
}

let jobCount = 0;
/** A job with a name no other test uses, counting its runs. */
function countingJob(run: () => Promise<Record<string, number>> = async () => ({})) {
  const job = {
    name: `test-job-${++jobCount}`,
    intervalMs: MINUTE,
    runs: 0,
    async run() {
      job.runs += 1;
      return run();
    },
  };
  return job;
}

/** The clock moving forward by `ms` for the given jobs: they fall due that much sooner. */
async function advance(db: Database, jobs: Job[], ms: number) {
  for (const job of jobs) {
    await db
      .update(jobRun)
      .set({ nextRunAt: sql`${jobRun.nextRunAt} - ${ms}::float8 * interval '1 millisecond'` })
      .where(eq(jobRun.name, job.name));
  }
}

const warnings = (records: LogRecord[]) => records.filter((record) => record.level >= WARN);

describe("the job scheduler", () => {
  it("runs a job once per interval however many processes run it", async () => {
    const jobs = [countingJob(), countingJob()];
    const { log } = recordingLogger();
    const first = createJobScheduler({ db: handle.db, log, jobs });
    const second = createJobScheduler({ db: other.db, log, jobs });

    for (let round = 0; round < 3; round++) {
      await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
      expect(jobs.map((job) => job.runs)).toEqual([round + 1, round + 1]);
      // not due again before its interval has passed since the run ended
      await advance(handle.db, jobs, MINUTE / 2);
      expect([...(await first.runDue()), ...(await second.runDue())]).toEqual([]);
      await advance(handle.db, jobs, MINUTE / 2);
    }
  });

  it("runs the due jobs as soon as it starts", async () => {
    const [done, ran] = signal();
    const job = countingJob(async () => {
      ran();
      return {};
    });
    const { log, records } = recordingLogger();
    const scheduler = createJobScheduler({ db: handle.db, log, jobs: [job] });
    scheduler.start();
    await done;
    await scheduler.stop();
    expect(job.runs).toBe(1);
    expect(warnings(records)).toEqual([]);
  });

  it("logs each run in one line: the job, how long it took and what it did", async () => {
    const job = countingJob(async () => ({ released: 2, checked: 3 }));
    const { log, records } = recordingLogger();
    await createJobScheduler({ db: handle.db, log, jobs: [job] }).runDue();

    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: INFO,
      job: job.name,
      released: 2,
      checked: 3,
      msg: `job ${job.name} ran`,
    });
    expect(records[0]?.durationMs).toEqual(expect.any(Number));
    const [row] = await handle.db.select().from(jobRun).where(eq(jobRun.name, job.name));
    expect(row).toMatchObject({ runCount: 1, lastOutcome: "ok" });
  });

  it("keeps running the other jobs when one throws, and retries it at the next interval", async () => {
    let failures = 1;
    const failing = countingJob(async () => {
      if (failures-- > 0) throw new Error("the disk is full");
      return {};
    });
    const healthy = countingJob();
    const { log, records } = recordingLogger();
    const scheduler = createJobScheduler({ db: handle.db, log, jobs: [failing, healthy] });

    expect(await scheduler.runDue()).toEqual(
      expect.arrayContaining([
        { name: failing.name, outcome: "failed" },
        { name: healthy.name, outcome: "ok" },
      ]),
    );
    expect(warnings(records)).toEqual([
      expect.objectContaining({
        level: 50,
        job: failing.name,
        msg: `job ${failing.name} failed; will retry`,
      }),
    ]);
    const [row] = await handle.db.select().from(jobRun).where(eq(jobRun.name, failing.name));
    expect(row?.lastOutcome).toBe("failed");

    expect(await scheduler.runDue()).toEqual([]);
    await advance(handle.db, [failing, healthy], MINUTE);
    expect(await scheduler.runDue()).toEqual(
      expect.arrayContaining([
        { name: failing.name, outcome: "ok" },
        { name: healthy.name, outcome: "ok" },
      ]),
    );
    expect([failing.runs, healthy.runs]).toEqual([2, 2]);
  });

  it("stop() waits for the job under way and starts no other", async () => {
    const events: string[] = [];
    // the job, once started, waits at the gate until the test opens it
    const [gate, release] = signal();
    const [running, started] = signal();
    const slow = countingJob(async () => {
      if (slow.runs === 1) return {};
      events.push("job started");
      started();
      await gate;
      events.push("job finished");
      return {};
    });
    const next = countingJob();
    const { log } = recordingLogger();
    const scheduler = createJobScheduler({ db: handle.db, log, jobs: [slow, next] });
    await scheduler.runDue();
    // both due again, the slow one first
    await advance(handle.db, [slow], MINUTE + 1000);
    await advance(handle.db, [next], MINUTE);

    scheduler.start();
    await running;
    const stopped = scheduler.stop().then(() => events.push("stopped"));
    // give a stop() that did not wait every chance to resolve first
    await new Promise((resolve) => setImmediate(resolve));
    events.push("released");
    release();
    await stopped;

    expect(events).toEqual(["job started", "released", "job finished", "stopped"]);
    expect([slow.runs, next.runs]).toEqual([2, 1]);
    const [row] = await handle.db.select().from(jobRun).where(eq(jobRun.name, slow.name));
    expect(row?.lastOutcome).toBe("ok");
  });

  it("lets another process take over a run that outlived its lease; the late end changes nothing", async () => {
    // the job, once started, waits at the gate until the test opens it
    const [gate, release] = signal();
    const [running, started] = signal();
    let calls = 0;
    const job = countingJob(async () => {
      if (++calls === 1) {
        started();
        await gate;
      }
      return {};
    });
    const { log } = recordingLogger();
    const stuck = createJobScheduler({ db: handle.db, log, jobs: [job], leaseMs: 5 * MINUTE });
    const rescuer = createJobScheduler({ db: other.db, log, jobs: [job], leaseMs: 5 * MINUTE });

    const stuckRun = stuck.runDue();
    await running;
    expect(await rescuer.runDue()).toEqual([]);
    await advance(handle.db, [job], 5 * MINUTE);
    expect(await rescuer.runDue()).toEqual([{ name: job.name, outcome: "ok" }]);
    const [afterRescue] = await handle.db.select().from(jobRun).where(eq(jobRun.name, job.name));

    release();
    await stuckRun;
    const [afterLateEnd] = await handle.db.select().from(jobRun).where(eq(jobRun.name, job.name));
    expect(afterLateEnd).toEqual(afterRescue);
    expect(afterLateEnd?.runCount).toBe(2);
  });
});

/** A promise and the function that resolves it. */
function signal(): [Promise<void>, () => void] {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return [promise, resolve];
}

describe.skipIf(!onPostgres)("the job scheduler while PostgreSQL is unreachable", () => {
  let proxy: TcpProxy;
  let throughProxy: DatabaseHandle;

  beforeAll(async () => {
    const url = new URL(postgresUrl(handle));
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    url.host = `127.0.0.1:${proxy.port}`;
    throughProxy = await openDatabase({ url: url.href, pool: { connectTimeoutMs: 2000 } });
  });

  afterAll(async () => {
    await throughProxy?.close();
    await proxy?.stop();
  });

  it("skips the pass with one short warning and runs the job once the database is back", async () => {
    const job = countingJob();
    const { log, records } = recordingLogger();
    const scheduler = createJobScheduler({ db: throughProxy.db, log, jobs: [job] });
    await proxy.stop();
    scheduler.start();
    await scheduler.stop();

    expect(job.runs).toBe(0);
    expect(records).toEqual([
      expect.objectContaining({
        level: WARN,
        msg: "background jobs skipped: database unavailable; will retry",
      }),
    ]);
    expect(records[0]).not.toHaveProperty("err");

    await proxy.start();
    const afterwards = createJobScheduler({ db: throughProxy.db, log, jobs: [job] });
    expect(await afterwards.runDue()).toEqual([{ name: job.name, outcome: "ok" }]);
  });
});
