import { ArrowLeftIcon, LockIcon, TruckIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { DialogBody, DialogFooter } from "~/components/ui/dialog";
import { VatRow } from "~/components/vat-row";
import { useMoney } from "~/lib/money";
import type { OrderSummary } from "../../../core/checkout";
import { SHIPPING_DAYS } from "../../../core/delivery";

/**
 * Step 2 of the checkout dialog: the order as the server priced it, which scrolls, over a footer
 * that stays in view with the total, Back and the Pay button.
 */
export function PaymentStep(props: {
  summary: OrderSummary;
  onBack: () => void;
  onPay: () => void;
  paying: boolean;
  redirecting: boolean;
}) {
  const money = useMoney();
  const { summary } = props;
  const vat = summary.tax && { tax: summary.tax, taxCents: summary.taxCents };
  return (
    <>
      {/* focusable: on a small screen it scrolls, and nothing in it takes the focus otherwise */}
      <DialogBody className="grid gap-5" tabIndex={0} role="region" aria-label="Your order">
        <section aria-labelledby="checkout-summary" className="grid gap-4">
          <h3 id="checkout-summary" className="font-semibold">
            Order summary{" "}
            <span className="font-normal text-muted-foreground text-sm">· {summary.orderNumber}</span>
          </h3>
          <ul className="divide-y rounded-lg border">
            {summary.lines.map((line) => (
              <li
                key={`${line.productId}-${line.name}-${line.color}-${line.size}`}
                className="px-4 py-3 text-sm"
              >
                {/* at its price: the coupon is one discount row below (each line's share of it, and
                    the VAT on what is left, stay on the order and its invoice) */}
                <p className="flex justify-between gap-4" data-testid="checkout-line">
                  <span>
                    {line.name}{" "}
                    <span className="text-muted-foreground">
                      ({[line.color, line.size].filter(Boolean).join(", ")}) × {line.quantity}
                    </span>
                  </span>
                  <span className="shrink-0">{money(line.lineTotalCents)}</span>
                </p>
              </li>
            ))}
          </ul>
          <dl className="grid gap-2 text-sm" data-testid="checkout-totals">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd>{money(summary.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <TruckIcon className="size-4" aria-hidden /> Shipping: {summary.shippingMethod}
                </span>
                <span className="block text-xs">{SHIPPING_DAYS}</span>
              </dt>
              <dd>{money(summary.shippingCents)}</dd>
            </div>
            {summary.discountCents > 0 && (
              <div className="flex justify-between">
                <dt className="text-muted-foreground">
                  Discount{summary.couponCode ? ` (${summary.couponCode})` : ""}
                </dt>
                <dd>−{money(summary.discountCents)}</dd>
              </div>
            )}
            {vat?.tax.mode === "exclusive" && <VatRow {...vat} />}
          </dl>
          <div className="text-sm">
            <p className="font-medium">Shipping to</p>
            <p className="whitespace-pre-line text-muted-foreground">{summary.shippingAddress}</p>
          </div>
        </section>
        <p className="flex items-center gap-2 text-muted-foreground text-xs">
          <LockIcon className="size-3.5" aria-hidden /> You will be taken to our payment provider's secure
          page to pay by card.
        </p>
      </DialogBody>
      <DialogFooter className="grid gap-3">
        <dl className="grid gap-0.5">
          <div className="flex items-baseline justify-between font-semibold">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{money(summary.totalCents)}</dd>
          </div>
          {vat?.tax.mode === "inclusive" && <VatRow {...vat} className="text-xs" />}
        </dl>
        <div className="flex gap-2 [&>*]:flex-1 sm:justify-end sm:[&>*]:flex-none">
          <Button type="button" variant="outline" onClick={props.onBack} disabled={props.paying}>
            <ArrowLeftIcon /> Back
          </Button>
          <Button type="button" onClick={props.onPay} disabled={props.paying}>
            <LockIcon />{" "}
            {props.redirecting
              ? "Redirecting..."
              : props.paying
                ? "Processing..."
                : `Pay ${money(summary.totalCents)}`}
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}
