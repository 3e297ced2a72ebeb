import { createHash } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { authMessages } from "../../core/auth";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { consumeBackoff, consumeRateLimit, PASSWORD_CONFIRM_BACKOFF, type RateLimitRule } from "./rate-limit";

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

/** Counts an attempt under `key`; throws the "wait" refusal (429) once the rule's limit is reached. */
async function limitKey(options: { db: Database; key: string; rule: RateLimitRule; now?: number }) {
  const result = await consumeRateLimit(options);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

/** An attempt at `action`, counted under `rule`. */
interface Attempt {
  db: Database;
  action: string;
  rule: RateLimitRule;
  /** The limit's clock, in milliseconds; for tests. */
  now?: number;
}

/** Counts an attempt from this client; throws the "wait" refusal once the rule's limit is reached. */
export async function limitAttempts(options: Attempt & { clientIp: string }): Promise<void> {
  const { db, rule, now } = options;
  await limitKey({ db, key: `${options.clientIp}|${options.action}`, rule, now });
}

/** The key of a limit counted per customer: `<action>:<user id>` (deleted with the account). */
const customerLimitKey = (action: string, userId: string) => `${action}:${userId}`;

/**
 * Counts an attempt of this customer, whatever address it comes from; throws the "wait" refusal
 * (429) once the rule's limit is reached.
 */
export async function limitCustomer(options: Attempt & { userId: string }): Promise<void> {
  const { db, rule, now } = options;
  await limitKey({ db, key: customerLimitKey(options.action, options.userId), rule, now });
}

/**
 * Counts an attempt that names this e-mail address (an alert request, which mails it), from any
 * client; throws the "wait" refusal (429) once the rule's limit is reached. The key holds a hash of
 * the address, not the address.
 */
export async function limitEmailAddress(options: Attempt & { email: string }): Promise<void> {
  const { db, rule, now } = options;
  const digest = createHash("sha256").update(options.email.trim().toLowerCase()).digest("base64url");
  await limitKey({ db, key: `${options.action}-address:${digest}`, rule, now });
}

/** The back-off's key for guesses at one account's password with its session. */
export const passwordGuessKey = (userId: string) => customerLimitKey("password-confirm", userId);

/**
 * Counts a guess at the account's current password (password change, account deletion) under the
 * account-wide back-off (PASSWORD_CONFIRM_BACKOFF), from whatever address it comes.
 */
export async function limitPasswordGuesses(options: { db: Database; userId: string; now?: number }) {
  const result = await consumeBackoff({
    db: options.db,
    key: passwordGuessKey(options.userId),
    rule: PASSWORD_CONFIRM_BACKOFF,
    now: options.now,
  });
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}
