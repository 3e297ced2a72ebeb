// The per-line cap (docs/SPEC.md#quantities), apart from core/checkout.ts: the cart, which every
// page's header counts, needs only this, not the checkout's country and address tables.

/** At most this many of one product in one order, however many cart lines it arrives in. */
export const MAX_LINE_QUANTITY = 99;

export const tooManyOfOne = (name: string) =>
  `Sorry, only ${MAX_LINE_QUANTITY} of ${name} can be ordered at once.`;

/**
 * Why one order cannot hold `quantity` of the product `name`, or null. The cart checks it when a
 * line grows, the server after merging the lines the browser sent (the same product may come
 * in several), before anything is priced or reserved. Stock is checked separately.
 */
export function lineQuantityProblem(name: string, quantity: number): string | null {
  return quantity > MAX_LINE_QUANTITY ? tooManyOfOne(name) : null;
}
