import { randomUUID } from "node:crypto";
import { eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Attempts per client IP (sign-in also per IP and account); the table is shared by every app
 * process. The account-wide sign-in limit is SIGN_IN_BACKOFF below.
 */
export const RATE_LIMITS = {
  signInPerIpAndAccount: { window: 60, max: 5 },
  signInPerIp: { window: 5 * 60, max: 30 },
  // attempts that pass the form's checks: each can tell whether an address has an account
  signUp: { window: 10 * 60, max: 5 },
  // the password strength estimator on the registration form, which anyone can post
  passwordCheck: { window: 10 * 60, max: 30 },
  passwordReset: { window: 15 * 60, max: 5 },
  passwordChange: { window: 60, max: 5 },
  // per user: enough for a shopper, too few to guess codes
  couponAttempt: { window: 60, max: 10 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` and says whether it is allowed. One atomic upsert: concurrent
 * attempts cannot all slip through at the limit.
 */
export async function consumeRateLimit(options: {
  db: Database;
  key: string;
  rule: RateLimitRule;
  now?: number;
}): Promise<RateLimitResult> {
  const { rule } = options;
  const now = options.now ?? Date.now();
  const expired = sql`${rateLimit.lastRequest} <= ${now - rule.window * 1000}`;
  return countAttempt({
    ...options,
    now,
    set: {
      count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
      lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
    },
    allowed: sql`${expired} or ${rateLimit.count} < ${rule.max}`,
    retryAfterMs: (row) => (row ? row.lastRequest + rule.window * 1000 - now : rule.window * 1000),
  });
}

/**
 * Counts one attempt under `key` in one atomic upsert: a first attempt inserts the counter, a later
 * one applies `set` to it if `allowed` (SQL on the stored row) holds. A refused attempt changes
 * nothing and is told how long to wait, from the counter as stored.
 */
async function countAttempt(options: {
  db: Database;
  key: string;
  now: number;
  set: { count: SQL; lastRequest: SQL | number };
  allowed: SQL;
  retryAfterMs: (row: { count: number; lastRequest: number } | undefined) => number;
}): Promise<RateLimitResult> {
  const { db, key, now } = options;
  const counted = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimit.key, set: options.set, setWhere: options.allowed })
    .returning({ count: rateLimit.count });
  if (counted.length > 0) return { allowed: true };
  const [row] = await db
    .select({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, key));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(options.retryAfterMs(row) / 1000)) };
}

export interface BackoffRule {
  /** Attempts allowed before any delay. */
  free: number;
  /** Seconds to wait before the first attempt beyond `free`; each further one doubles it. */
  baseDelay: number;
  maxDelay: number;
  /** Seconds without an attempt after which the count starts afresh. */
  quiet: number;
}

/**
 * Sign-in attempts on one account from anywhere: guessing spread over many addresses slows to about
 * four an hour, while the account is never locked for good: a wait is at most 15 minutes, a
 * successful sign-in clears the count, and a browser that signed in before is not held back
 * (known-device.ts). Ten attempts, then waits of 30 s, 1, 2, 4, 8 and 15 minutes.
 */
export const SIGN_IN_BACKOFF: BackoffRule = { free: 10, baseDelay: 30, maxDelay: 15 * 60, quiet: 60 * 60 };

/** The wait after the `count`th attempt, in milliseconds. */
export function backoffDelayMs(rule: BackoffRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.baseDelay * 2 ** (count - rule.free), rule.maxDelay) * 1000;
}

/**
 * Counts one attempt under `key` if its wait is over. One atomic upsert, as consumeRateLimit: when
 * the wait ends, concurrent attempts cannot all slip through. A refused attempt does not count,
 * so it does not lengthen the wait.
 */
export async function consumeBackoff(options: {
  db: Database;
  key: string;
  rule: BackoffRule;
  now?: number;
}): Promise<RateLimitResult> {
  const { rule } = options;
  const now = options.now ?? Date.now();
  const quietSince = sql`${rateLimit.lastRequest} <= ${now - rule.quiet * 1000}`;
  // backoffDelayMs in SQL; the exponent is capped so that power() cannot overflow
  const waitedLongEnough = sql`${rateLimit.lastRequest} + least(${rule.baseDelay * 1000} * power(2, least(${rateLimit.count} - ${rule.free}, 30)), ${rule.maxDelay * 1000}) <= ${now}`;
  return countAttempt({
    ...options,
    now,
    set: { count: sql`case when ${quietSince} then 1 else ${rateLimit.count} + 1 end`, lastRequest: now },
    allowed: sql`${quietSince} or ${rateLimit.count} < ${rule.free} or ${waitedLongEnough}`,
    retryAfterMs: (row) =>
      row ? row.lastRequest + backoffDelayMs(rule, row.count) - now : rule.baseDelay * 1000,
  });
}

/** Forgets the attempts counted under `key` (a successful sign-in). */
export async function clearRateLimit(options: { db: Database; key: string }) {
  await options.db.delete(rateLimit).where(eq(rateLimit.key, options.key));
}

/** Removes counters whose window ended long ago; resolves with how many. */
export async function pruneRateLimits(options: { db: Database; olderThanMs?: number }): Promise<number> {
  const cutoff = Date.now() - (options.olderThanMs ?? 24 * 60 * 60 * 1000);
  const pruned = await options.db
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, cutoff))
    .returning({ id: rateLimit.id });
  return pruned.length;
}
