import { eq } from "drizzle-orm";
import { couponAdminMessages, isCouponId } from "../../core/validation/coupon-form";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { type Coupon, coupon } from "../db/schema";

/**
 * Activates or deactivates a coupon. The wanted state is sent rather than "toggle", so a double
 * click or a stale page cannot flip it back.
 */
export async function setCouponActive(options: {
  db: Database;
  id: string;
  isActive: boolean;
}): Promise<Coupon> {
  if (!isCouponId(options.id)) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
  const [updated] = await options.db
    .update(coupon)
    .set({ isActive: options.isActive })
    .where(eq(coupon.id, options.id))
    .returning();
  if (!updated) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
  return updated;
}
