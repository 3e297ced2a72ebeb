import type { MoneySettings } from "../../core/money";
import { subtotalCents } from "../../core/pricing";
import type { Database } from "../db/client";
import { checkCoupon } from "./check-coupon";
import { type CheckoutLine, priceCheckoutLines } from "./checkout-lines";

/**
 * The coupon field of the checkout: prices the cart from the database and says what the code
 * saves on it. A code that does not apply is thrown as an AppError with the spec's message.
 */
export async function applyCoupon(options: {
  db: Database;
  userId: string;
  lines: CheckoutLine[];
  code: string;
  /** The store's currency and locale (config), for the minimum order in a refusal. */
  money: MoneySettings;
}): Promise<{ code: string; discountCents: number }> {
  const priced = await priceCheckoutLines({ db: options.db, lines: options.lines });
  const subtotal = subtotalCents(priced.map(({ priceCents, quantity }) => ({ priceCents, quantity })));
  const { coupon, discountCents } = await checkCoupon({
    db: options.db,
    userId: options.userId,
    code: options.code,
    subtotalCents: subtotal,
    money: options.money,
  });
  return { code: coupon.code, discountCents };
}
