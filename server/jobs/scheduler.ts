import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { isDatabaseUnavailable } from "../db/database-errors";
import { jobRun } from "../db/schema";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics/metrics";

/** A periodic piece of background work (docs/decisions/015-background-jobs.md). */
export interface Job {
  /** Unique and stable: the key of its job_run row and its name in the logs. */
  name: string;
  /** Time from the end of one run to the start of the next, across all processes. */
  intervalMs: number;
  /** One pass; resolves with what it did (counts), which the run's log line carries. */
  run(): Promise<Record<string, number>>;
}

export interface JobRunReport {
  name: string;
  outcome: "ok" | "failed";
}

export interface JobScheduler {
  /** Claims and runs, one after the other, every job that is due; resolves when none is left. */
  runDue(): Promise<JobRunReport[]>;
  /** Runs the due jobs now, then again whenever the next one falls due, until stop(). */
  start(): void;
  /** Starts no further job and resolves once the one under way (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * How long a claimed run may take before another process may start the job again: a process that
 * dies during a run does not keep its job from running for longer than this.
 */
const DEFAULT_LEASE_MS = 5 * 60 * 1000;
/** The shortest pause between two looks at the table, so that a busy table is not polled in a loop. */
const MIN_WAIT_MS = 1000;

const milliseconds = (ms: number) => sql`(${ms}::float8 * interval '1 millisecond')`;

/**
 * Runs each job once per interval however many processes share the database. Every process knows
 * every job, and each job has one `job_run` row: a process runs a job only after its conditional
 * UPDATE moved the row's `next_run_at` (due, not taken by another process) to the end of a lease;
 * when the run ends, `next_run_at` becomes now + interval. All times are the database's clock.
 * On PGlite (one process) the same statements simply always succeed.
 */
export function createJobScheduler(options: {
  db: Database;
  log: Logger;
  jobs: Job[];
  leaseMs?: number;
  /** Counts each run by job and outcome, and its duration. */
  metrics?: Pick<Metrics, "observeJobRun">;
}): JobScheduler {
  const { db, log, jobs, metrics } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (jobs.length === 0) throw new Error("a job scheduler needs at least one job");
  if (byName.size !== jobs.length) throw new Error("two background jobs have the same name");
  const names = [...byName.keys()];
  const longestWaitMs = Math.min(...jobs.map((job) => job.intervalMs));

  let rowsExist = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  /** Whether this pass already said that the database is unavailable: one line per pass. */
  let outageLogged = false;

  /** The next due job this process may run, now claimed for it; undefined when none is due. */
  const claimNext = async () => {
    // SKIP LOCKED: processes looking at the same moment take different jobs instead of queueing
    const due = db
      .select({ name: jobRun.name })
      .from(jobRun)
      .where(and(inArray(jobRun.name, names), lte(jobRun.nextRunAt, sql`now()`)))
      .orderBy(asc(jobRun.nextRunAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [claimed] = await db
      .update(jobRun)
      .set({
        nextRunAt: sql`now() + ${milliseconds(leaseMs)}`,
        runCount: sql`${jobRun.runCount} + 1`,
        lastStartedAt: sql`now()`,
      })
      .where(and(inArray(jobRun.name, due), lte(jobRun.nextRunAt, sql`now()`)))
      .returning({ name: jobRun.name, runCount: jobRun.runCount });
    return claimed;
  };

  /** Runs one claimed job and records its end. True when the job met a database outage. */
  const runClaimed = async (claimed: { name: string; runCount: number }, reports: JobRunReport[]) => {
    const job = byName.get(claimed.name);
    if (!job) throw new Error(`claimed an unknown job ${claimed.name}`);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let outcome: JobRunReport["outcome"] = "ok";
    let outage = false;
    try {
      const did = await job.run();
      log.info({ job: job.name, durationMs: elapsed(), ...did }, `job ${job.name} ran`);
    } catch (err) {
      outcome = "failed";
      // an outage is logged once by the pool; here one short line
      outage = isDatabaseUnavailable(err);
      outageLogged ||= outage;
      if (outage)
        log.warn(
          { job: job.name, durationMs: elapsed() },
          `job ${job.name} skipped: database unavailable; will retry`,
        );
      else log.error({ err, job: job.name, durationMs: elapsed() }, `job ${job.name} failed; will retry`);
    }
    reports.push({ name: job.name, outcome });
    metrics?.observeJobRun(
      job.name,
      outage ? "database_unavailable" : outcome,
      (performance.now() - started) / 1000,
    );
    try {
      // only while this claim is the latest: a run that outlived its lease may have been taken over
      await db
        .update(jobRun)
        .set({
          nextRunAt: sql`now() + ${milliseconds(job.intervalMs)}`,
          lastFinishedAt: sql`now()`,
          lastOutcome: outcome,
        })
        .where(and(eq(jobRun.name, job.name), eq(jobRun.runCount, claimed.runCount)));
    } catch (err) {
      // not recorded: the job is due again when its lease ends
      if (!(outage && isDatabaseUnavailable(err))) throw err;
    }
    return outage;
  };

  const runDue = async () => {
    const reports: JobRunReport[] = [];
    if (!rowsExist) {
      await db
        .insert(jobRun)
        .values(names.map((name) => ({ name, nextRunAt: sql`now()` })))
        .onConflictDoNothing();
      rowsExist = true;
    }
    while (!stopped) {
      const claimed = await claimNext();
      if (!claimed) break;
      // during an outage the other due jobs would fail the same way: try them all next time
      if (await runClaimed(claimed, reports)) break;
    }
    return reports;
  };

  /** Until the next job falls due (another process may run it), at most the shortest interval. */
  const untilNextDue = async () => {
    const [row] = await db
      .select({ ms: sql`extract(epoch from min(${jobRun.nextRunAt}) - now()) * 1000`.mapWith(Number) })
      .from(jobRun)
      .where(inArray(jobRun.name, names));
    const ms = row?.ms ?? Number.NaN;
    return Number.isFinite(ms) ? Math.min(Math.max(ms, MIN_WAIT_MS), longestWaitMs) : longestWaitMs;
  };

  const tick = async () => {
    let waitMs = longestWaitMs;
    outageLogged = false;
    try {
      await runDue();
      waitMs = await untilNextDue();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) log.error({ err }, "background jobs failed; will retry");
      else if (!outageLogged) log.warn("background jobs skipped: database unavailable; will retry");
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick();
    }, waitMs).unref();
  };

  return {
    runDue,
    start() {
      running = tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
