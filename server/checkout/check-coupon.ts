import { eq } from "drizzle-orm";
import { couponDiscountCents, couponMessages, couponProblem, normalizeCouponCode } from "../../core/coupon";
import type { MoneySettings } from "../../core/money";
import { AppError } from "../app-error";
import { consumeRateLimit, RATE_LIMITS } from "../auth/rate-limit";
import type { Database } from "../db/client";
import { type Coupon, coupon } from "../db/schema";

/**
 * Looks a code up for a signed-in shopper and says what it saves on this subtotal. Each lookup
 * counts against a per-user limit, so codes cannot be found by trying many.
 */
export async function checkCoupon(options: {
  db: Database;
  userId: string;
  code: string;
  subtotalCents: number;
  /** The store's currency and locale (config): a coupon's amounts are in the store's currency. */
  money: MoneySettings;
  now?: Date;
}): Promise<{ coupon: Coupon; discountCents: number }> {
  const code = normalizeCouponCode(options.code);
  if (!code) throw new AppError("coupon_empty", couponMessages.empty);
  const limit = await consumeRateLimit({
    db: options.db,
    key: `coupon:${options.userId}`,
    rule: RATE_LIMITS.couponAttempt,
  });
  if (!limit.allowed) {
    throw new AppError("coupon_rate_limited", couponMessages.tooManyAttempts(limit.retryAfterSeconds), 429);
  }
  const [found] = await options.db.select().from(coupon).where(eq(coupon.code, code));
  const problem = couponProblem(found, options.subtotalCents, options.money, options.now);
  if (problem || !found) throw new AppError("coupon_refused", problem ?? couponMessages.invalid);
  return { coupon: found, discountCents: couponDiscountCents(found, options.subtotalCents) };
}
