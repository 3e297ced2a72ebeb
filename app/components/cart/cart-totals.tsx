import { VatNote } from "~/components/vat-note";
import { VatRow } from "~/components/vat-row";
import { type CartLine, cartItemCount } from "../../../core/cart";
import { countryName } from "../../../core/checkout";
import { formatUsd } from "../../../core/money";
import { priceOrder } from "../../../core/pricing";
import type { AppliedTax } from "../../../core/tax";

/**
 * The cart's figures, an estimate from the prices it holds: the goods, and their VAT once the
 * destination is known. Shipping, and the VAT on it, stay "Calculated at checkout", so the total
 * leaves both out.
 */
export function estimateCart(lines: CartLine[], tax: AppliedTax | null) {
  const priced = priceOrder(
    lines.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity })),
    null,
    tax,
  );
  return {
    subtotalCents: priced.subtotalCents,
    taxCents: priced.taxCents - priced.shipping.taxCents,
    totalCents: priced.totalCents - priced.shipping.totalCents,
  };
}

/** The cart page's Order Summary rows: subtotal, shipping, tax and total. */
export function CartTotals({ lines, tax }: { lines: CartLine[]; tax: AppliedTax | null }) {
  const itemCount = cartItemCount(lines);
  const estimate = estimateCart(lines, tax);
  const vat = tax && { tax: { ...tax, countryName: countryName(tax.country) }, taxCents: estimate.taxCents };
  return (
    <dl className="space-y-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">
          Subtotal ({itemCount} {itemCount === 1 ? "item" : "items"}) <VatNote className="block" />
        </dt>
        <dd data-testid="cart-subtotal">{formatUsd(estimate.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted-foreground">Shipping</dt>
        <dd>Calculated at checkout</dd>
      </div>
      {vat === null ? (
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Tax</dt>
          <dd>Calculated at checkout</dd>
        </div>
      ) : (
        vat.tax.mode === "exclusive" && <VatRow {...vat} />
      )}
      <div className="flex justify-between border-t pt-3 font-semibold text-base">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatUsd(estimate.totalCents)}</dd>
      </div>
      {vat?.tax.mode === "inclusive" && <VatRow {...vat} />}
    </dl>
  );
}
