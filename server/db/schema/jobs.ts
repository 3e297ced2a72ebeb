// Background jobs: one row per job, claimed by one process at a time (decision 015).
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * One row per background job (server/jobs/scheduler.ts): the process that moves `next_run_at`
 * forward with a conditional UPDATE runs the job, so it runs once per interval however many
 * processes share the database. All times are the database's clock, never a process's.
 */
export const jobRun = pgTable("job_run", {
  name: text("name").primaryKey(),
  /** When the job is due; while a run is under way, the moment another process may take it over. */
  nextRunAt: instant("next_run_at").notNull(),
  /** Counts claims; a run's finish only applies while its claim is still the latest. */
  runCount: integer("run_count").notNull().default(0),
  lastStartedAt: instant("last_started_at"),
  lastFinishedAt: instant("last_finished_at"),
  /** "ok" or "failed": how the last finished run ended. */
  lastOutcome: text("last_outcome", { enum: ["ok", "failed"] }),
});
