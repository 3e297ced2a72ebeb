import { formatMoneyShort, type MoneySettings } from "../../core/money";
import type { Database } from "../db/client";
import { coupon } from "../db/schema";

type DemoCoupon = typeof coupon.$inferInsert;

/**
 * One of each kind a shopper can meet at checkout (README lists them). A coupon's amounts are in
 * the store's currency, and so are the words that name them ("$20 off $100", "€20 off €100").
 */
const demoCoupons = (money: MoneySettings): DemoCoupon[] => {
  const amount = (cents: number) => formatMoneyShort(cents, money);
  return [
    {
      code: "WELCOME10",
      name: "Welcome 10%",
      description: "10% off any order.",
      discountType: "percentage",
      percentBasisPoints: 1000,
    },
    {
      code: "SAVE20",
      name: `${amount(2000)} off ${amount(10000)}`,
      description: `${amount(2000)} off orders of ${amount(10000)} or more.`,
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
      description: `${amount(1500)} off for the first 50 orders; all used.`,
      discountType: "fixed",
      amountOffCents: 1500,
      usageLimit: 50,
      usageCount: 50,
    },
  ];
};

/** Adds the demo coupons, skipping any code that exists. Called when the demo catalog is seeded. */
export async function seedDemoCoupons(options: {
  db: Database;
  /** The store's currency and locale (config). */
  money: MoneySettings;
}): Promise<number> {
  const inserted = await options.db
    .insert(coupon)
    .values(demoCoupons(options.money))
    .onConflictDoNothing({ target: coupon.code })
    .returning({ id: coupon.id });
  return inserted.length;
}
