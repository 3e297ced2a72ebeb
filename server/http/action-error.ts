import { data } from "react-router";
import { isAppError } from "../app-error";
import type { RequestContext } from "./context";
import { failureStatus, logRequestFailure } from "./request-failure";

/**
 * The one place a failed action becomes a response: an AppError shows its own message with its
 * status; anything else is logged with what was being done and shows the spec's generic message,
 * with 503 when the database could not answer and 500 otherwise.
 */
export function actionError<Extra extends Record<string, unknown>>(
  context: Pick<RequestContext, "log">,
  error: unknown,
  options: { fallback: string; what: string; extra?: Extra; logContext?: Record<string, unknown> },
) {
  if (isAppError(error)) {
    return data({ ...options.extra, error: error.userMessage, code: error.code }, { status: error.status });
  }
  logRequestFailure(context.log, error, options.what, options.logContext);
  return data(
    { ...options.extra, error: options.fallback, code: "unexpected" },
    { status: failureStatus(error) },
  );
}
