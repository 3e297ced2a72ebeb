import type { BetterAuthOptions } from "better-auth";
import { logRequestFailure } from "../http/request-failure";
import type { Logger } from "../logger";

/**
 * better-auth's own log lines, written to the store's log (JSON, with the rest) instead of the
 * console. It logs every failed session lookup with the error's stack: during a database outage
 * that is one stack per signed-in request, so database failures become one short line here.
 */
export function authLogger(log: Logger): NonNullable<BetterAuthOptions["logger"]> {
  return {
    log(level, message, ...args) {
      const error = args.find((arg) => arg instanceof Error);
      const text = `better-auth: ${message}`;
      if (level === "error") {
        if (error) logRequestFailure(log, error, text);
        else log.error({ details: args }, text);
      } else {
        log[level](
          { ...(error ? { err: error } : {}), ...(args.length && !error ? { details: args } : {}) },
          text,
        );
      }
    },
  };
}
