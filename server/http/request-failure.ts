import { isRouteErrorResponse } from "react-router";
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

/** A request React Router refused on its own, before or instead of running a route. */
export interface FrameworkRefusal {
  status: number;
  /** What was wrong with the request, in React Router's words. */
  reason: string;
  /** An origin check: a probe, or a proxy that does not pass the store's Host, worth a warning. */
  originCheck: boolean;
}

// React Router 7.18's origin check for actions (throwIfPotentialCSRFAttack, lib/actions.ts): the
// document request reports its own errors, a `.data` request reports `new Error("Bad Request")`
const ORIGIN_CHECK_MESSAGES = [
  /^`origin` header is not a valid URL\. /,
  /^The `request\.url` origin does not match `origin` header /,
];

/**
 * Whether `error`, as React Router hands it to handleError, is a refusal of the request rather
 * than a fault: its origin check (an Origin header that is not a URL, or whose origin is not the
 * one the request was sent to, such as a foreign Host header), or its router's own 4xx (a method
 * a route has no action or loader for, a path no route matches). Null for anything else.
 */
export function frameworkRefusal(error: unknown): FrameworkRefusal | null {
  if (isRouteErrorResponse(error)) {
    if (error.status < 400 || error.status >= 500) return null;
    const internal = (error as { error?: unknown }).error;
    const reason = internal instanceof Error ? internal.message : error.statusText || String(error.status);
    return { status: error.status, reason, originCheck: false };
  }
  if (!(error instanceof Error) || error.constructor !== Error) return null;
  if (
    ORIGIN_CHECK_MESSAGES.some((pattern) => pattern.test(error.message)) ||
    error.message === "Bad Request"
  ) {
    return { status: 400, reason: error.message, originCheck: true };
  }
  return null;
}

/**
 * Logs a framework refusal once, without a stack (docs/SECURITY.md: refusals are never logged as
 * errors): an origin check at warn, the router's 4xx at info. The path only: a query string can
 * carry a password-reset token.
 */
export function logRequestRefusal(
  log: Pick<Logger, "warn" | "info">,
  refusal: FrameworkRefusal,
  details: { method: string; path: string },
) {
  const line = { ...details, status: refusal.status, reason: refusal.reason };
  if (refusal.originCheck) log.warn(line, "request refused by the origin check");
  else log.info(line, "request refused by the router");
}
