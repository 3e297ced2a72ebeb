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
 * Attempts per client IP (sign-in also per IP and account) and per customer; the table is shared by
 * every app process. The account-wide back-offs are SIGN_IN_BACKOFF and PASSWORD_CONFIRM_BACKOFF
 * below. docs/SECURITY.md lists each limit with its reason: change both together.
 */
export const RATE_LIMITS = {
  signInPerIpAndAccount: { window: 60, max: 5 },
  signInPerIp: { window: 5 * 60, max: 30 },
  // attempts that pass the form's checks: each can tell whether an address has an account
  signUp: { window: 10 * 60, max: 5 },
  // the password strength estimator (registration, reset, change), which costs up to a few tens of
  // ms of CPU: per client, and per account for the forms that name one (signed in, or a reset link)
  passwordCheck: { window: 10 * 60, max: 30 },
  passwordCheckPerAccount: { window: 10 * 60, max: 5 },
  passwordReset: { window: 15 * 60, max: 5 },
  // guesses at the current password (password change, account deletion) from one client; per
  // account they are held back by PASSWORD_CONFIRM_BACKOFF
  passwordChange: { window: 60, max: 5 },
  // per user: enough for a shopper, too few to guess codes
  couponAttempt: { window: 60, max: 10 },
  // per customer: what one account may make the store do or send (docs/SECURITY.md#rate-limits)
  dataExport: { window: 60 * 60, max: 5 },
  profileSave: { window: 10 * 60, max: 20 },
  returnRequest: { window: 60 * 60, max: 10 },
  returnCancel: { window: 60 * 60, max: 10 },
  // withdrawal statements: each is a row and an e-mail; signed out, per client address, as each
  // attempt names an order number and an e-mail (docs/LEGAL.md#withdrawal)
  withdrawal: { window: 60 * 60, max: 10 },
  withdrawalGuest: { window: 60 * 60, max: 10 },
  // "notify me when it's back" (docs/BACK-IN-STOCK.md): each request may e-mail the address it
  // names, so per client address and per e-mail address, whoever sends it
  stockAlert: { window: 60 * 60, max: 20 },
  stockAlertPerAddress: { window: 60 * 60, max: 5 },
  checkoutPrepare: { window: 10 * 60, max: 20 },
  checkoutPay: { window: 10 * 60, max: 10 },
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
  const upsert = db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimit.key, set: options.set, setWhere: options.allowed })
    .returning({ count: rateLimit.count });
  // one statement either way: a refused attempt reads the counter as it was stored (the outer
  // select sees the table before the upsert), so a flood of refusals costs one statement each
  const result = (await db.execute(sql`
    with counted as ${upsert}
    select exists (select 1 from counted) as "counted", stored.count, stored.last_request
    from (select 1) as one left join ${rateLimit} as stored on stored.key = ${key}
  `)) as unknown as {
    rows: Array<{ counted: boolean; count: number | null; last_request: string | number | null }>;
  };
  const [answer] = result.rows;
  if (answer?.counted) return { allowed: true };
  const row =
    answer?.count == null || answer.last_request == null
      ? undefined
      : { count: answer.count, lastRequest: Number(answer.last_request) };
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

/**
 * Guesses at one account's current password with its session (password change, account
 * deletion), from any address: five, then waits of 30 s, 1, 2, 4, 8 and at most 15 minutes, so a
 * stolen session cannot be used to guess the password from many addresses. A correct password
 * clears the count. Unlike sign-in, no browser is spared: whoever holds the session cookie holds
 * the device cookie too. A customer held back can still reset the password by e-mail.
 */
export const PASSWORD_CONFIRM_BACKOFF: BackoffRule = {
  free: 5,
  baseDelay: 30,
  maxDelay: 15 * 60,
  quiet: 60 * 60,
};

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
