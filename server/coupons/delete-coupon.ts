import { eq } from "drizzle-orm";
import { couponAdminMessages, isCouponId } from "../../core/validation/coupon-form";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { coupon, couponUsage, order } from "../db/schema";

/**
 * Deletes a coupon the way the spec sequences it (docs/SPEC.md#admin-coupons), but as one transaction:
 * unlink its orders (they keep the code as text in coupon_code), delete its usage records, delete the
 * coupon. Either all of it happens or none. Returns how many orders were unlinked.
 */
export async function deleteCoupon(options: {
  db: Database;
  id: string;
}): Promise<{ unlinkedOrders: number }> {
  if (!isCouponId(options.id)) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
  return options.db.transaction(async (tx) => {
    // the row lock makes a checkout redeeming this coupon right now wait until we are done, so no
    // order or usage row can be linked to it between the unlinking and the delete
    const [locked] = await tx
      .select({ id: coupon.id })
      .from(coupon)
      .where(eq(coupon.id, options.id))
      .for("update");
    if (!locked) throw new AppError("coupon_not_found", couponAdminMessages.notFound, 404);
    const unlinked = await tx
      .update(order)
      .set({ couponId: null })
      .where(eq(order.couponId, options.id))
      .returning({ id: order.id });
    await tx.delete(couponUsage).where(eq(couponUsage.couponId, options.id));
    await tx.delete(coupon).where(eq(coupon.id, options.id));
    return { unlinkedOrders: unlinked.length };
  });
}
