// One pricing function for the cart display, order creation and the tests (DESIGN §6).

/** Flat shipping, "Complementary Priority", 2-4 business days. */
export const SHIPPING_CENTS = 999;
export const SHIPPING_METHOD = "Complementary Priority";
export const SHIPPING_DAYS = "2-4 business days";

export interface PricedLine {
  priceCents: number;
  quantity: number;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}
