// Coupons (docs/SPEC.md#coupon-at-checkout); their uses are recorded with the orders (orders.ts).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { COUPON_DISCOUNT_TYPES } from "../../../core/coupon";
import { instant, timestamps, uuidPrimaryKey } from "./columns";

export const coupon = pgTable(
  "coupon",
  {
    id: uuidPrimaryKey(),
    /** Stored upper-case; unique. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    discountType: text("discount_type", { enum: COUPON_DISCOUNT_TYPES }).notNull(),
    /** Percentage coupons: hundredths of a percent (1250 = 12.5 %). Null for fixed coupons. */
    percentBasisPoints: integer("percent_basis_points"),
    /** Fixed coupons: the amount off in cents. Null for percentage coupons. */
    amountOffCents: integer("amount_off_cents"),
    minimumOrderCents: integer("minimum_order_cents").notNull().default(0),
    /** Null: unlimited. */
    usageLimit: integer("usage_limit"),
    /** Redemptions currently held by pending or paid orders (see server/checkout). */
    usageCount: integer("usage_count").notNull().default(0),
    /** Null: never expires. */
    expiresAt: instant("expires_at"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("coupon_code_upper", sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
    check(
      "coupon_discount_shape",
      sql`(${t.discountType} = 'percentage' and ${t.percentBasisPoints} between 1 and 10000 and ${t.amountOffCents} is null)
        or (${t.discountType} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentBasisPoints} is null)`,
    ),
    check("coupon_minimum_nonnegative", sql`${t.minimumOrderCents} >= 0`),
    check("coupon_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
    // no limit check here: an admin may lower a limit below the uses already made
    check("coupon_usage_count_nonnegative", sql`${t.usageCount} >= 0`),
    index("coupon_created_idx").on(t.createdAt.desc()),
  ],
);

export type Coupon = typeof coupon.$inferSelect;
