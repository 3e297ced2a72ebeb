import type { CartLine } from "../../core/cart";
import { priceOrder } from "../../core/pricing";
import type { AppliedTax, TaxMode } from "../../core/tax";
import type { VatRates } from "../../server/checkout/load-vat-rates";

/**
 * The VAT the browser shows for a destination before the server prices the order, from the rates
 * the cart's loader sent; null while the country (or its rate) is unknown.
 */
export function estimatedTax(rates: VatRates, country: string | null, mode: TaxMode): AppliedTax | null {
  const rateBasisPoints = country ? rates[country] : undefined;
  if (!country || rateBasisPoints === undefined) return null;
  return { mode, country, rateBasisPoints };
}

/**
 * The cart's figures, an estimate from the prices it holds, as the payment step will charge them
 * before a coupon: the goods and the flat shipping, and their VAT once the destination is known.
 */
export function estimateCart(lines: CartLine[], tax: AppliedTax | null) {
  return priceOrder(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
    null,
    tax,
  );
}
