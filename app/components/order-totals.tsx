import type { ReactNode } from "react";
import { VatRow } from "~/components/vat-row";
import type { OrderSummary } from "../../core/checkout";
import { formatUsd } from "../../core/money";

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
  totalLabel = "Total",
  children,
}: {
  totals: PricedTotals;
  totalLabel?: string;
  children?: ReactNode;
}) {
  const vat = totals.tax && { tax: totals.tax, taxCents: totals.taxCents };
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Subtotal</dt>
        <dd>{formatUsd(totals.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Shipping ({totals.shippingMethod})</dt>
        <dd>{formatUsd(totals.shippingCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            Discount{totals.couponCode ? ` (${totals.couponCode})` : ""}
          </dt>
          <dd className="text-success">−{formatUsd(totals.discountCents)}</dd>
        </div>
      )}
      {vat?.tax.mode === "exclusive" && <VatRow {...vat} />}
      <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-base">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{formatUsd(totals.totalCents)}</dd>
      </div>
      {vat?.tax.mode === "inclusive" && <VatRow {...vat} />}
      {children}
    </dl>
  );
}
