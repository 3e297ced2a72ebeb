// The store's one delivery option, as pages describe it and checkout charges it. Apart from the
// pricing (core/pricing.ts), so the home and product pages can name the delivery terms without
// downloading the order pricing and the coupons (docs/PERFORMANCE.md#first-load-javascript).
import { formatMoney, type MoneySettings } from "./money";
import { type TaxMode, vatNote } from "./tax";

/** Flat shipping, "Complementary Priority", 2-4 business days; taxed like the goods. */
export const SHIPPING_CENTS = 999;
export const SHIPPING_METHOD = "Complementary Priority";
export const SHIPPING_DAYS = "2-4 business days";

/**
 * The delivery's price and time wherever delivery is described before an order (Art. 6(1)(e)
 * Consumer Rights Directive): "$9.99 incl. VAT, 2-4 business days", from the price checkout charges.
 */
export function deliveryTerms(mode: TaxMode, money: MoneySettings): string {
  return `${formatMoney(SHIPPING_CENTS, money)} ${vatNote(mode)}, ${SHIPPING_DAYS}`;
}
