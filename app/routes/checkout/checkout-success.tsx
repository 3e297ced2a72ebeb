import { CheckCircle2Icon, CircleAlertIcon, ClockIcon, Loader2Icon, PackageSearchIcon } from "lucide-react";
import { type ReactNode, Suspense, useEffect } from "react";
import { Await, Link, useLocation } from "react-router";
import { OrderTotals } from "~/components/order-totals";
import { Button } from "~/components/ui/button";
import { LinkButtons } from "~/components/ui/link-buttons";
import { takeOutPaidOrder } from "~/lib/cart";
import { pageMeta } from "~/lib/meta";
import { useSeller } from "~/lib/store";
import type { PaidLine } from "../../../core/cart";
import { checkoutMessages } from "../../../core/checkout";
import { requireUser } from "../../../server/auth/guards";
import { type CheckoutResult, getCheckoutResult } from "../../../server/checkout/get-checkout-result";
import type { CheckoutTotals } from "../../../server/checkout/order-summary";
import { reportFailure } from "../../../server/http/errors";
import type { Route } from "./+types/checkout-success";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Order Confirmation", description: "Your order.", noIndex: true });
}

type Outcome =
  | { ok: true; result: CheckoutResult }
  | { ok: false; code: "not-found" | "failed"; message: string };

export function loader({ context, url }: Route.LoaderArgs) {
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return { outcome: null };
  // only the signed-in shopper's own order is ever shown
  const { user } = requireUser(context, url);
  // streamed: the page shows its spinner while the payment is confirmed with the provider
  const outcome: Promise<Outcome> = getCheckoutResult({ services: context, userId: user.id, sessionId }).then(
    (result) => ({ ok: true, result }),
    (error: unknown) => {
      const { code, error: message } = reportFailure(context, error, {
        fallback: checkoutMessages.couldNotRetrieve,
        what: "checkout result failed",
        details: { sessionId },
      });
      return { ok: false, code: code === "order_not_found" ? "not-found" : "failed", message };
    },
  );
  return { outcome };
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      {icon}
      <h1 className="font-bold text-4xl">{title}</h1>
      {children}
    </div>
  );
}

function Processing() {
  return (
    <Panel icon={<Loader2Icon className="size-12 animate-spin text-accent" aria-hidden />} title="Processing">
      <output className="text-muted-foreground">Confirming your payment...</output>
    </Panel>
  );
}

/** "Paid with Visa •••• 4242": the method the provider says was used. */
function PaidWith({ label, isProcessing }: { label: string | null; isProcessing?: boolean }) {
  if (!label) return null;
  return (
    <p className="text-muted-foreground text-sm" data-testid="payment-method">
      {isProcessing ? "Paying with" : "Paid with"} <span className="text-foreground">{label}</span>
    </p>
  );
}

function ThankYou({
  orderNumber,
  totals,
  currency,
  paidLines,
  paymentMethodLabel = null,
}: {
  orderNumber: string;
  totals?: CheckoutTotals;
  paymentMethodLabel?: string | null;
  /** The order's currency, which the totals are in. */
  currency?: string;
  /** What the order bought; unknown when the page was reached with an order number only. */
  paidLines?: PaidLine[];
}) {
  // what was paid leaves the cart; anything added since (paying an older order) stays
  useEffect(() => {
    if (paidLines) takeOutPaidOrder(orderNumber, paidLines);
  }, [orderNumber, paidLines]);
  return (
    <Panel
      icon={<CheckCircle2Icon className="size-14 text-emerald-400" aria-hidden />}
      title="Thank You For Your Order!"
    >
      <p className="text-muted-foreground">
        Your order number is{" "}
        <span className="font-mono font-semibold text-foreground" data-testid="order-number">
          {orderNumber}
        </span>
        . A confirmation is on its way to your inbox.
      </p>
      <PaidWith label={paymentMethodLabel} />
      {totals && currency && (
        <section
          aria-label="What you paid"
          className="mt-2 w-full max-w-sm rounded-xl border bg-card/60 p-5 text-left"
          data-testid="paid-totals"
        >
          <OrderTotals totals={totals} currency={currency} totalLabel="Total paid" />
          <SoldBy />
        </section>
      )}
      <LinkButtons
        className="mt-4 flex flex-wrap justify-center gap-3"
        links={[
          { to: "/products", label: "Continue Shopping" },
          { to: "/account/orders", label: "My Orders" },
        ]}
      />
    </Panel>
  );
}

/** The seller of the order, under what was paid: name, address and VAT ID (SELLER_*). */
function SoldBy() {
  const seller = useSeller();
  if (!seller?.legalName) return null;
  return (
    <p className="mt-4 border-t pt-3 text-muted-foreground text-xs leading-relaxed" data-testid="sold-by">
      Sold by {seller.legalName}
      {seller.address ? `, ${seller.address}` : ""}
      {seller.vatId ? ` · VAT ID ${seller.vatId}` : ""}
    </p>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <Panel icon={<CircleAlertIcon className="size-12 text-destructive" aria-hidden />} title={title}>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-4">
        <Link to="/">Go Home</Link>
      </Button>
    </Panel>
  );
}

/**
 * A delayed method (SEPA Direct Debit) was accepted: the order is placed and its stock held, the
 * bank confirms in a few days. What it bought leaves the cart, as a paid order's does.
 */
function PaymentProcessing({ result }: { result: CheckoutResult }) {
  const { orderNumber, paidLines } = result;
  useEffect(() => {
    takeOutPaidOrder(orderNumber, paidLines);
  }, [orderNumber, paidLines]);
  return (
    <Panel icon={<ClockIcon className="size-12 text-accent" aria-hidden />} title="Payment Processing">
      <p className="text-muted-foreground">
        Order{" "}
        <span className="font-mono text-foreground" data-testid="order-number">
          {orderNumber}
        </span>{" "}
        is placed and your items are reserved. Your payment is processing: your bank confirms it within a few
        business days, and we e-mail your confirmation as soon as it is paid.
      </p>
      <PaidWith label={result.paymentMethodLabel} isProcessing />
      <Button asChild size="lg" variant="outline" className="mt-4">
        <Link to="/account/orders">My Orders</Link>
      </Button>
    </Panel>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (!outcome.ok) {
    return outcome.code === "not-found" ? (
      <Panel
        icon={<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden />}
        title="No order information found"
      >
        <p className="text-muted-foreground">We could not find an order for this link.</p>
        <Button asChild size="lg" className="mt-4">
          <Link to="/">Go Home</Link>
        </Button>
      </Panel>
    ) : (
      <Problem title="Something Went Wrong" message={outcome.message} />
    );
  }
  const { result } = outcome;
  if (result.state === "paid") {
    return (
      <ThankYou
        orderNumber={result.orderNumber}
        totals={result.totals}
        paidLines={result.paidLines}
        paymentMethodLabel={result.paymentMethodLabel}
        currency={result.currency}
      />
    );
  }
  if (result.state === "processing") {
    return <PaymentProcessing result={result} />;
  }
  return (
    <Problem
      title="Something Went Wrong"
      message={`Order ${result.orderNumber} was not paid. Nothing was charged; your cart is still here.`}
    />
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const stateOrderNumber = (location.state as { orderNumber?: unknown } | null)?.orderNumber;
  if (!loaderData.outcome) {
    if (typeof stateOrderNumber === "string") return <ThankYou orderNumber={stateOrderNumber} />;
    return (
      <Panel
        icon={<PackageSearchIcon className="size-12 text-muted-foreground" aria-hidden />}
        title="No order information found"
      >
        <Button asChild size="lg" className="mt-4">
          <Link to="/">Go Home</Link>
        </Button>
      </Panel>
    );
  }
  return (
    <Suspense fallback={<Processing />}>
      <Await
        resolve={loaderData.outcome}
        errorElement={<Problem title="Something Went Wrong" message={checkoutMessages.couldNotRetrieve} />}
      >
        {(outcome) => <Result outcome={outcome} />}
      </Await>
    </Suspense>
  );
}
