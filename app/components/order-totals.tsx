import type { ReactNode } from "react";
import { VatRow } from "~/components/vat-row";
import { useMoney } from "~/lib/money";
import type { OrderSummary } from "../../core/checkout";

type PricedTotals = Pick<
  OrderSummary,
  "shippingMethod" | "subtotalCents" | "discountCents" | "shippingCents" | "taxCents" | "totalCents" | "tax"
> & { couponCode?: string | null };

/**
 * A placed order's totals as the server priced and saved them (the success page, My Orders),
 * with its VAT row; none for an order from before the store charged VAT. `children` are rows
 * after these (a refund).
 */
export function OrderTotals({
  totals,
  currency,
  totalLabel = "Total",
  children,
}: {
  totals: PricedTotals;
  /** The order's currency (it keeps the one it was sold in). */
  currency: string;
  totalLabel?: string;
  children?: ReactNode;
}) {
  const money = useMoney(currency);
  const vat = totals.tax && { tax: totals.tax, taxCents: totals.taxCents };
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd>{money(totals.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Shipping ({totals.shippingMethod})</dt>
        <dd>{money(totals.shippingCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            Discount{totals.couponCode ? ` (${totals.couponCode})` : ""}
          </dt>
          <dd className="text-success">−{money(totals.discountCents)}</dd>
        </div>
      )}
      {vat?.tax.mode === "exclusive" && <VatRow {...vat} currency={currency} />}
      <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-base">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{money(totals.totalCents)}</dd>
      </div>
      {vat?.tax.mode === "inclusive" && <VatRow {...vat} currency={currency} />}
      {children}
    </dl>
  );
}
