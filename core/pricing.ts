// One pricing function for the cart, the checkout, the order, the payment providers and the tests
// (docs/TAX.md): integer cents, the coupon spread over the lines, VAT per line after its discount.
import { type CouponTerms, couponDiscountCents } from "./coupon";
import { SHIPPING_CENTS } from "./delivery";
import { type AppliedTax, allocateProportionally, type TaxSummaryEntry, taxAmount } from "./tax";

export interface PricedLine {
  priceCents: number;
  quantity: number;
}

/** One line of an order as charged. */
export interface LineTotals {
  /** price x quantity, at the prices as entered. */
  amountCents: number;
  /** This line's share of the coupon. */
  discountCents: number;
  /** Without VAT, after the discount. */
  netCents: number;
  taxCents: number;
  /** net + tax: what the line costs the shopper. */
  totalCents: number;
  rateBasisPoints: number;
}

export interface OrderTotals {
  /** The lines' amounts at the prices as entered (with VAT in inclusive mode, without in exclusive). */
  subtotalCents: number;
  discountCents: number;
  /** Shipping as entered, like the prices. */
  shippingCents: number;
  /** The order's VAT: its lines' and its shipping's. 0 while the destination is unknown. */
  taxCents: number;
  /** What the shopper pays. */
  totalCents: number;
}

export interface PricedOrder extends OrderTotals {
  lines: LineTotals[];
  shipping: { netCents: number; taxCents: number; totalCents: number };
  /** The VAT applied, or null while no destination is known (the cart before an address). */
  tax: AppliedTax | null;
  /** One entry per rate: base (net) and VAT, lines and shipping together. */
  taxSummary: TaxSummaryEntry[];
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}

/**
 * Prices an order. The coupon's discount (capped at the subtotal) is spread over the lines in
 * proportion to their amounts by the largest remainder, so the shares add up to it exactly; each
 * line's VAT is computed on its amount after its share and rounded half-up; shipping is taxed at
 * the same rate; the order's VAT is the sum. Inclusive mode: the total is subtotal + shipping -
 * discount whatever the country; exclusive mode: the VAT is added to that.
 */
export function priceOrder(
  lines: readonly PricedLine[],
  coupon: CouponTerms | null,
  tax: AppliedTax | null = null,
): PricedOrder {
  const amounts = lines.map((line) => line.priceCents * line.quantity);
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const discount = coupon ? couponDiscountCents(coupon, subtotal) : 0;
  const shares = allocateProportionally(discount, amounts);
  const rate = tax?.rateBasisPoints ?? 0;
  const mode = tax?.mode ?? "inclusive";

  const lineTotals = amounts.map((amount, index): LineTotals => {
    const discountCents = shares[index] ?? 0;
    const taxed = taxAmount(amount - discountCents, rate, mode);
    return {
      amountCents: amount,
      discountCents,
      netCents: taxed.netCents,
      taxCents: taxed.taxCents,
      totalCents: taxed.grossCents,
      rateBasisPoints: rate,
    };
  });
  const shippingTaxed = taxAmount(SHIPPING_CENTS, rate, mode);
  const shipping = {
    netCents: shippingTaxed.netCents,
    taxCents: shippingTaxed.taxCents,
    totalCents: shippingTaxed.grossCents,
  };
  const taxCents = lineTotals.reduce((sum, line) => sum + line.taxCents, shipping.taxCents);
  const totalCents = lineTotals.reduce((sum, line) => sum + line.totalCents, shipping.totalCents);
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: SHIPPING_CENTS,
    taxCents,
    totalCents,
    lines: lineTotals,
    shipping,
    tax,
    taxSummary: tax ? summarizeTax([...lineTotals, { ...shipping, rateBasisPoints: rate }]) : [],
  };
}

/** Lines (and shipping) grouped by rate: Vendure's tax summary, what an OSS return adds up. */
function summarizeTax(
  parts: readonly { netCents: number; taxCents: number; rateBasisPoints: number }[],
): TaxSummaryEntry[] {
  const byRate = new Map<number, TaxSummaryEntry>();
  for (const part of parts) {
    const entry = byRate.get(part.rateBasisPoints) ?? {
      rateBasisPoints: part.rateBasisPoints,
      baseCents: 0,
      taxCents: 0,
    };
    entry.baseCents += part.netCents;
    entry.taxCents += part.taxCents;
    byRate.set(part.rateBasisPoints, entry);
  }
  return [...byRate.values()].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints);
}
