// VAT (docs/TAX.md): rates in basis points, the split of a coupon over the lines, and the VAT
// part of an amount, all in integer cents. core/pricing.ts puts them together for an order.
import { formatMoney, type MoneySettings } from "./money";

/** Whether the prices an admin enters include VAT (the EU consumer norm) or have it added. */
export type TaxMode = "inclusive" | "exclusive";

/** The VAT that applies to an order: its destination and that country's rate. */
export interface AppliedTax {
  mode: TaxMode;
  /** ISO 3166 alpha-2 code of the shipping address's country. */
  country: string;
  /** Hundredths of a percent: 1900 = 19 %, 2550 = 25.5 %. */
  rateBasisPoints: number;
}

/** One rate's share of an order: the amount it was charged on (net of VAT) and the VAT. */
export interface TaxSummaryEntry {
  rateBasisPoints: number;
  baseCents: number;
  taxCents: number;
}

/** The most a rate may be: 100 %. */
const MAX_RATE_BASIS_POINTS = 10_000;

/** `a * b / c` rounded half-up, for non-negative integers (exact while a*b*2 is a safe integer). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/**
 * `total` split over `weights` in proportion, by the largest remainder method: every share is
 * whole cents and the shares add up to `total` exactly. Ties go to the earlier weight.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** An amount after its discount, split into the part without VAT and the VAT. */
export interface TaxedAmount {
  netCents: number;
  taxCents: number;
  /** net + tax: what the shopper pays for it. */
  grossCents: number;
}

/**
 * The VAT of one amount, rounded half-up to the cent. Inclusive: the amount is the gross and the
 * VAT is taken out of it (amount x rate / (1 + rate)); exclusive: the amount is the net and the
 * VAT is added (amount x rate).
 */
export function taxAmount(amountCents: number, rateBasisPoints: number, mode: TaxMode): TaxedAmount {
  if (mode === "inclusive") {
    const taxCents = mulDivHalfUp(amountCents, rateBasisPoints, 10_000 + rateBasisPoints);
    return { netCents: amountCents - taxCents, taxCents, grossCents: amountCents };
  }
  const taxCents = mulDivHalfUp(amountCents, rateBasisPoints, 10_000);
  return { netCents: amountCents, taxCents, grossCents: amountCents + taxCents };
}

/** "19%", "25.5%". */
export function formatRate(rateBasisPoints: number): string {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}

/** Parses a rate typed by a person ("19", "25.5", "8.25") into basis points; null if it is not one. */
export function parseRate(value: string): number | null {
  const trimmed = value.trim().replace(/\s*%$/, "");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return basisPoints <= MAX_RATE_BASIS_POINTS ? basisPoints : null;
}

/**
 * The VAT part of a refund of `refundCents` out of an order's `totalCents` that carried
 * `taxCents` of VAT: in proportion, rounded half-up, all of it when everything is refunded.
 */
export function refundTaxCents(order: { totalCents: number; taxCents: number }, refundCents: number): number {
  if (order.totalCents <= 0 || refundCents >= order.totalCents) return order.taxCents;
  return mulDivHalfUp(order.taxCents, refundCents, order.totalCents);
}

/** "incl. VAT" or "excl. VAT", beside a price. */
export function vatNote(mode: TaxMode): string {
  return mode === "inclusive" ? "incl. VAT" : "excl. VAT";
}

/** "VAT 19% (Germany)": the tax line of the checkout, the order, the receipt and the e-mails. */
export function vatLabel(rateBasisPoints: number, countryName: string): string {
  return `VAT ${formatRate(rateBasisPoints)} (${countryName})`;
}

/**
 * The label of an order's VAT row. Inclusive prices hold the VAT, so its row says so and stands
 * after the total; exclusive prices have it added, so its row is one of the amounts summed.
 */
export function vatRowLabel(tax: { mode: TaxMode; rateBasisPoints: number; countryName: string }): string {
  const label = vatLabel(tax.rateBasisPoints, tax.countryName);
  return tax.mode === "inclusive" ? `${label} included` : label;
}

/**
 * The cart's VAT row, one shape on every visit: before a destination is known it says that the
 * prices include the VAT (or that it is added) and that its amount follows the delivery country;
 * once the saved address names a country, that country's rate and the amount.
 */
export function cartVatRow(
  mode: TaxMode,
  known: { rateBasisPoints: number; countryName: string; taxCents: number } | null,
  /** The store's currency: a cart is not an order yet. */
  money: MoneySettings,
): { label: string; value: string; note: string } {
  if (!known) {
    return {
      label: "VAT",
      value: mode === "inclusive" ? "Included" : "Added at checkout",
      note: "The amount follows the delivery country, at checkout.",
    };
  }
  const amount = formatMoney(known.taxCents, money);
  return {
    label: vatLabel(known.rateBasisPoints, known.countryName),
    value: mode === "inclusive" ? `${amount} included` : amount,
    note: "For your saved address; at checkout it follows the delivery country.",
  };
}
