import { CreditCardIcon, HourglassIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { ConfirmButtons } from "~/routes/account/confirm-buttons";
import { OrderDate } from "~/routes/account/order-date";
import { OrderSection } from "~/routes/account/order-section";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";
import type { action } from "./account-orders";

const ACCOUNT_ORDERS = "/account/orders";

/**
 * Back to the order's payment page (the open one, or a new one with the stock reserved again):
 * a full navigation, as from the checkout's Pay button, because the page may be the provider's.
 */
export function CompletePaymentButton({
  order,
  size = "sm",
  className,
}: {
  order: Pick<CustomerOrder, "id" | "orderNumber" | "totalCents">;
  size?: "sm" | "default";
  className?: string;
}) {
  const fetcher = useFetcher<typeof action>();
  const [leaving, setLeaving] = useState(false);
  const busy = fetcher.state !== "idle" || leaving;
  useFetcherResult(fetcher, (result) => {
    if (result.ok && result.intent === "complete-payment" && "url" in result) {
      setLeaving(true);
      window.location.assign(result.url);
    } else if (!result.ok) {
      toast.error(result.error);
    }
  });
  return (
    <Button
      type="button"
      variant="accent"
      size={size}
      className={className}
      disabled={busy}
      onClick={() =>
        fetcher.submit(
          { intent: "complete-payment", orderId: order.id },
          { method: "post", action: ACCOUNT_ORDERS },
        )
      }
    >
      <CreditCardIcon aria-hidden /> {busy ? "Opening payment..." : "Complete payment"}
      <span className="sr-only"> for order {order.orderNumber}</span>
    </Button>
  );
}

/**
 * In the order's details while it awaits payment: until when its items are held, Complete payment,
 * and Cancel order behind a confirmation. Rendered for every order (it shows nothing once the order
 * no longer awaits payment), so the answer to Cancel order still reaches the customer as a toast
 * after the order has turned cancelled.
 */
export function PendingOrderPanel({ order }: { order: CustomerOrder }) {
  const money = useMoney(order.currency);
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const cancelling = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (result.ok && "message" in result) toast.success(result.message);
    else if (!result.ok) toast.error(result.error);
    setConfirming(false);
  });
  if (!order.awaitingPayment) return null;

  return (
    <OrderSection id="pending-payment-heading" title="Awaiting payment" icon={HourglassIcon} box="attention">
      {confirming ? (
        <div className="mt-2 flex flex-col gap-3">
          <p className="text-sm">
            Cancel order {order.orderNumber}? Your reserved items are released at once and the payment page is
            closed. Nothing has been charged.
          </p>
          <ConfirmButtons
            keepLabel="Keep order"
            confirmLabel="Yes, cancel order"
            busy={cancelling}
            onKeep={() => setConfirming(false)}
            onConfirm={() =>
              fetcher.submit(
                { intent: "cancel-order", orderId: order.id },
                { method: "post", action: ACCOUNT_ORDERS },
              )
            }
          />
        </div>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground text-sm">
            {order.reservedUntil ? (
              <>
                Your items are reserved until <OrderDate iso={order.reservedUntil} withTime />. Complete the
                payment of {money(order.totalCents)} before then, or cancel the order.
              </>
            ) : (
              <>
                Complete the payment of {money(order.totalCents)} to reserve your items again while they are
                in stock, or cancel the order.
              </>
            )}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <XIcon aria-hidden /> Cancel order
            </Button>
            <CompletePaymentButton order={order} />
          </div>
        </>
      )}
    </OrderSection>
  );
}
