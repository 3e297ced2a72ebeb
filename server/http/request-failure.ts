import { classifyDatabaseError } from "../db/database-errors";
import type { Logger } from "../logger";

/**
 * The status of a request that failed unexpectedly: 503 when the database could not answer (an
 * outage, every connection busy, a statement past its timeout: trying again later can succeed), 500
 * for anything else. Either way the visitor sees the spec's generic message.
 */
export function failureStatus(error: unknown): 500 | 503 {
  return classifyDatabaseError(error) ? 503 : 500;
}

/**
 * Logs a request that failed unexpectedly. A database failure is one short line per request (the
 * pool logs the outage itself once, see server/db/watch-pool.ts); anything else is logged with
 * its stack, as a bug.
 */
export function logRequestFailure(
  log: Pick<Logger, "warn" | "error">,
  error: unknown,
  message: string,
  details: Record<string, unknown> = {},
) {
  const failure = classifyDatabaseError(error);
  if (failure) {
    const what = {
      unavailable: "database unavailable",
      busy: "no database connection free in time",
      timeout: "database statement timed out",
    }[failure.kind];
    log.warn({ ...details, code: failure.code }, `${message}: ${what} (${failure.reason})`);
  } else {
    log.error({ err: error, ...details }, message);
  }
}
