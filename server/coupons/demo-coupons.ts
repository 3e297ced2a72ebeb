import type { Database } from "../db/client";
import { coupon } from "../db/schema";

type DemoCoupon = typeof coupon.$inferInsert;

/** One of each kind a shopper can meet at checkout (README lists them). */
const DEMO_COUPONS: DemoCoupon[] = [
  {
    code: "WELCOME10",
    name: "Welcome 10%",
    description: "10% off any order.",
    discountType: "percentage",
    percentBasisPoints: 1000,
  },
  {
    code: "SAVE20",
    name: "$20 off $100",
    description: "$20 off orders of $100 or more.",
    discountType: "fixed",
    amountOffCents: 2000,
    minimumOrderCents: 10000,
    usageLimit: 500,
  },
  {
    code: "SUMMER24",
    name: "Summer 2024",
    description: "Last summer's sale; expired.",
    discountType: "percentage",
    percentBasisPoints: 1500,
    expiresAt: new Date("2024-09-01T00:00:00Z"),
  },
  {
    code: "FIRSTDROP",
    name: "First drop",
    description: "$15 off for the first 50 orders; all used.",
    discountType: "fixed",
    amountOffCents: 1500,
    usageLimit: 50,
    usageCount: 50,
  },
];

/** Adds the demo coupons, skipping any code that exists. Called when the demo catalog is seeded. */
export async function seedDemoCoupons(options: { db: Database }): Promise<number> {
  const inserted = await options.db
    .insert(coupon)
    .values(DEMO_COUPONS)
    .onConflictDoNothing({ target: coupon.code })
    .returning({ id: coupon.id });
  return inserted.length;
}
