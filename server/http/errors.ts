import { data, isRouteErrorResponse } from "react-router";
import { isAppError } from "../app-error";
import type { RequestContext } from "./context";
import { failureStatus, logRequestFailure } from "./request-failure";

/**
 * The one place a thrown error becomes an answer (docs/ARCHITECTURE.md#errors). An AppError is an
 * expected refusal: the person sees its message with its status, and the log gets one line without
 * a stack. Anything else is unexpected: logged once with the request's logger (which carries the
 * request id), shown as the spec's generic message, 503 when the database could not answer and
 * 500 otherwise. Redirects and responses thrown on purpose (a guard, a not-found) pass through.
 */

/** What a failed action answers beside its own fields: the message to show and the failure's kind. */
export interface ActionFailure {
  error: string;
  /** The AppError's code; "unexpected" for anything else. */
  code: string;
}

export interface FailureOptions {
  /** The spec's generic message for this action or page, shown when the error is unexpected. */
  fallback: string;
  /** What was being done, for the log line: "order not created". */
  what: string;
  /** Fields for the log line: ids, the intent, the query. */
  details?: Record<string, unknown>;
}

type Log = Pick<RequestContext, "log">;

/** A redirect or response thrown on purpose, which no handler here may swallow. */
function isThrownResponse(error: unknown): boolean {
  return (
    error instanceof Response ||
    isRouteErrorResponse(error) ||
    (error as { type?: unknown } | null)?.type === "DataWithResponseInit"
  );
}

/**
 * What a thrown error tells the person and with which status; an unexpected error is logged here,
 * once. For answers that are neither action data nor a page: a JSON body, a redirect with a toast.
 */
export function reportFailure(
  context: Log,
  error: unknown,
  options: FailureOptions,
): ActionFailure & { status: number } {
  const { log } = context;
  if (isThrownResponse(error)) throw error;
  if (isAppError(error)) {
    log.info(
      { ...options.details, code: error.code, status: error.status },
      `${options.what}: ${error.message}`,
    );
    return { status: error.status, error: error.userMessage, code: error.code };
  }
  logRequestFailure(log, error, options.what, options.details);
  return { status: failureStatus(error), error: options.fallback, code: "unexpected" };
}

/** A failed action's answer: `{ ...extra, error, code }` with the failure's status. */
function actionFailure<Extra extends object = Record<never, never>>(
  context: Log,
  error: unknown,
  options: FailureOptions & { extra?: Extra },
) {
  const { status, ...failure } = reportFailure(context, error, options);
  return data({ ...(options.extra as Extra), ...failure } satisfies ActionFailure, { status });
}

/**
 * Runs an action's use case: its result is the answer, and whatever it throws becomes the
 * answer through actionFailure.
 */
export async function handleAction<T, Extra extends object = Record<never, never>>(
  context: Log,
  options: FailureOptions & { extra?: Extra },
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    return actionFailure(context, error, options);
  }
}

/**
 * A loader's failure as the error page: an AppError's message with its status, anything else the
 * generic page with 500 or 503 (the root ErrorBoundary words both).
 */
function throwLoaderFailure(context: Log, error: unknown, options: FailureOptions): never {
  const { status, error: message } = reportFailure(context, error, options);
  throw data(message, { status });
}

/**
 * For a page that stays up when its data cannot be read (the admin lists, the account's orders):
 * `{ ...empty, error }` with the spec's "Failed to load …" message, answered with 500 or 503 so
 * that monitoring sees the failure. An AppError shows the error page instead (throwLoaderFailure).
 */
export function listLoadFailure<Empty extends object>(
  context: Log,
  error: unknown,
  options: FailureOptions & { empty: Empty },
) {
  if (isAppError(error)) throwLoaderFailure(context, error, options);
  const { status, error: message } = reportFailure(context, error, options);
  return data({ ...options.empty, error: message }, { status });
}
