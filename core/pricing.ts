// One pricing function for the cart display, order creation and the tests
// (docs/ARCHITECTURE.md#money-and-pricing).
import { type CouponTerms, couponDiscountCents } from "./coupon";

/** Flat shipping, "Complementary Priority", 2-4 business days. */
export const SHIPPING_CENTS = 999;
export const SHIPPING_METHOD = "Complementary Priority";
export const SHIPPING_DAYS = "2-4 business days";
export const CURRENCY = "usd";

export interface PricedLine {
  priceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}

/** total = subtotal + shipping - discount, the discount capped at the subtotal. */
export function priceOrder(lines: readonly PricedLine[], coupon: CouponTerms | null): OrderTotals {
  const subtotal = subtotalCents(lines);
  const discount = coupon ? couponDiscountCents(coupon, subtotal) : 0;
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: SHIPPING_CENTS,
    totalCents: subtotal + SHIPPING_CENTS - discount,
  };
}
