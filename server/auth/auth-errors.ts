import { isAPIError } from "better-auth/api";
import { authMessages } from "../../core/validation/auth";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit";

/** A form the account use cases refuse before doing anything: the validator's message, 400. */
export function invalidInput(message: string): AppError {
  return new AppError("invalid_input", message);
}

/**
 * better-auth's own refusal (a wrong password, an address already taken) as an AppError with its
 * message and status, the code lower-cased (`invalid_email_or_password`); null for anything
 * unexpected, which the caller rethrows.
 */
export function authRefusal(error: unknown): AppError | null {
  if (!isAPIError(error)) return null;
  const apiError = error as unknown as { statusCode?: number; body?: { message?: string; code?: string } };
  const message = apiError.body?.message;
  if (!message) return null;
  const code = apiError.body?.code?.toLowerCase() ?? "auth_refused";
  return new AppError(code, message, apiError.statusCode ?? 400, { cause: error });
}

/** The spec-style "wait" refusal of a rate limit. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError("rate_limited", authMessages.tooManyAttempts(retryAfterSeconds), 429);
}

/** Counts an attempt from this client; throws the "wait" refusal once the rule's limit is reached. */
export async function limitAttempts(options: {
  db: Database;
  clientIp: string;
  action: string;
  rule: RateLimitRule;
  /** The limit's clock, in milliseconds; for tests. */
  now?: number;
}): Promise<void> {
  const result = await consumeRateLimit({
    db: options.db,
    key: `${options.clientIp}|${options.action}`,
    rule: options.rule,
    now: options.now,
  });
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}
