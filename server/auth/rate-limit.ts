import { randomUUID } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimit } from "../db/schema";

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

/** Attempts per client IP (sign-in also per address); the table is shared by every app process. */
export const RATE_LIMITS = {
  signInPerAccount: { window: 60, max: 5 },
  signInPerIp: { window: 5 * 60, max: 30 },
  signUp: { window: 10 * 60, max: 10 },
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
  const { db, key, rule } = options;
  const now = options.now ?? Date.now();
  const windowStart = now - rule.window * 1000;
  const expired = sql`${rateLimit.lastRequest} <= ${windowStart}`;
  const counted = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
      // no row comes back once the window is full
      setWhere: sql`${expired} or ${rateLimit.count} < ${rule.max}`,
    })
    .returning({ count: rateLimit.count });
  if (counted.length > 0) return { allowed: true };
  const [row] = await db
    .select({ lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, key));
  const retryAfterMs = row ? row.lastRequest + rule.window * 1000 - now : rule.window * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** Removes counters whose window ended long ago. */
export async function pruneRateLimits(options: { db: Database; olderThanMs?: number }) {
  const cutoff = Date.now() - (options.olderThanMs ?? 24 * 60 * 60 * 1000);
  await options.db.delete(rateLimit).where(lt(rateLimit.lastRequest, cutoff));
}
