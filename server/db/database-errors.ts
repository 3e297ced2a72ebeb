/**
 * Recognises the errors that mean "the database could not answer right now" (as opposed to a bug
 * in a query): the store answers them with 503 and the generic message, logs them in one short
 * line, and the pool watcher reports the outage once (see watch-pool.ts).
 */

export type DatabaseFailureKind =
  /** No connection could be made or kept: server down, restarting, terminated, unreachable. */
  | "unavailable"
  /** Every pooled connection stayed busy for the whole connect timeout. */
  | "busy"
  /** The server cancelled a statement that ran past `statement_timeout`. */
  | "timeout";

export interface DatabaseFailure {
  kind: DatabaseFailureKind;
  /** SQLSTATE or Node error code when there is one, e.g. 57P01, ECONNREFUSED. */
  code: string | undefined;
  /** The driver's own short message, without the query or its parameters. */
  reason: string;
}

// SQLSTATE classes and codes: https://www.postgresql.org/docs/current/errcodes-appendix.html
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, fast/smart shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up, shutting down, in recovery
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
  "53000", // insufficient_resources
  "58000", // system_error
  "58030", // io_error
]);
const STATEMENT_TIMEOUT_SQLSTATE = "57014"; // query_canceled
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres and pg-pool raise these as plain Errors without a code
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
];
// pg-pool, after waiting connectionTimeoutMillis for a client while all `max` were in use
const POOL_BUSY_MESSAGE = "timeout exceeded when trying to connect";

/** What kind of database failure `error` (or anything in its `cause` chain) is; undefined for other errors. */
export function classifyDatabaseError(error: unknown): DatabaseFailure | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // drizzle wraps the driver's error in DrizzleQueryError, better-auth in its own errors: walk the causes
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const failure = classifyOne(current);
    if (failure) return failure;
    if (current instanceof AggregateError) {
      // a host name with several addresses (localhost: ::1 and 127.0.0.1) fails with one error each
      for (const inner of current.errors) {
        const innerFailure = classifyDatabaseError(inner);
        if (innerFailure) return innerFailure;
      }
    }
    current = current.cause;
  }
  return undefined;
}

/** True when the database could not answer (down, unreachable, all connections busy, statement timeout): a 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return classifyDatabaseError(error) !== undefined;
}

function classifyOne(error: Error): DatabaseFailure | undefined {
  const code = (error as { code?: unknown }).code;
  const reason = error.message || (typeof code === "string" ? code : error.name);
  if (typeof code === "string") {
    if (code === STATEMENT_TIMEOUT_SQLSTATE) return { kind: "timeout", code, reason };
    // class 08: connection exception (08000, 08003, 08006, 08001, 08004, ...)
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_NODE_CODES.has(code)) {
      return { kind: "unavailable", code, reason };
    }
  }
  if (error.message === POOL_BUSY_MESSAGE) return { kind: "busy", code: undefined, reason: error.message };
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) {
    return { kind: "unavailable", code: typeof code === "string" ? code : undefined, reason };
  }
  return undefined;
}
