import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { coupon } from "../db/schema";

/** A coupon as the admin table and dialog see it: dates as ISO strings, expiry decided on the server. */
export interface AdminCouponView {
  id: string;
  code: string;
  name: string;
  description: string | null;
  discountType: "percentage" | "fixed";
  percentBasisPoints: number | null;
  amountOffCents: number | null;
  minimumOrderCents: number;
  usageLimit: number | null;
  usageCount: number;
  expiresAt: string | null;
  isExpired: boolean;
  isActive: boolean;
  createdAt: string;
}

/** All coupons, newest first (docs/SPEC.md#admin-coupons). */
export async function listCoupons(options: { db: Database; now?: Date }): Promise<AdminCouponView[]> {
  const now = (options.now ?? new Date()).getTime();
  const rows = await options.db.select().from(coupon).orderBy(desc(coupon.createdAt), desc(coupon.id));
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    discountType: row.discountType,
    percentBasisPoints: row.percentBasisPoints,
    amountOffCents: row.amountOffCents,
    minimumOrderCents: row.minimumOrderCents,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    // same rule as the checkout: expired from the instant itself on
    isExpired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  }));
}
