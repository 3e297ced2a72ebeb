import { RotateCcwIcon, Undo2Icon, XIcon } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { ConfirmButtons } from "~/routes/account/confirm-buttons";
import { OrderDate } from "~/routes/account/order-date";
import { OrderSection } from "~/routes/account/order-section";
import { REFUND_BUSINESS_DAYS } from "../../../core/order";
import { variantLabel } from "../../../core/product";
import { RETURN_STATE_LABELS, returnStateTone } from "../../../core/returns";
import { WITHDRAW_LINK_LABEL } from "../../../core/withdrawal-link";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";
import type { ReturnView } from "../../../server/returns/return-views";
import type { action } from "./account-orders";

const ACCOUNT_ORDERS = "/account/orders";

/** "Refund", "Exchange for size L", or, when the lines want different sizes, "Exchange for other sizes". */
function resolutionLabel(ret: ReturnView): string {
  if (ret.resolution === "refund") return "Refund";
  const sizes = [...new Set(ret.items.map((item) => item.exchangeSize).filter((size) => size !== null))];
  return sizes.length === 1 ? `Exchange for size ${sizes[0]}` : "Exchange for other sizes";
}

/** Cancel while the shop has not decided yet, behind a confirmation. */
function CancelReturn({ ret }: { ret: ReturnView }) {
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) toast.error(result.error);
    else if ("message" in result) toast.success(result.message);
    setConfirming(false);
  });
  if (!confirming)
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
        <XIcon aria-hidden /> Cancel return
        <span className="sr-only"> {ret.rmaNumber}</span>
      </Button>
    );
  return (
    <div className="flex w-full flex-col gap-2 rounded-md border border-amber-400/40 bg-amber-400/10 p-3">
      <p className="text-sm">
        Cancel return {ret.rmaNumber}? The items stay yours and can be returned later.
      </p>
      <ConfirmButtons
        keepLabel="Keep return"
        confirmLabel="Yes, cancel return"
        busy={busy}
        onKeep={() => setConfirming(false)}
        onConfirm={() =>
          fetcher.submit(
            { intent: "cancel-return", returnId: ret.id },
            { method: "post", action: ACCOUNT_ORDERS },
          )
        }
      />
    </div>
  );
}

/** currency: the order's. */
function ReturnCard({ ret, currency }: { ret: ReturnView; currency: string }) {
  const money = useMoney(currency);
  const headingId = `return-${ret.id}-heading`;
  return (
    <li className="rounded-lg border bg-card/60 p-4" data-testid="order-return" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-medium font-mono text-sm">
          {ret.rmaNumber}
        </h4>
        <StatusBadge status={RETURN_STATE_LABELS[ret.state]} tone={returnStateTone(ret.state)} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Resolution</dt>
        <dd>{resolutionLabel(ret)}</dd>
        <dt className="text-muted-foreground">Reason</dt>
        <dd>{ret.reasonLabel}</dd>
        {ret.comment && (
          <>
            <dt className="text-muted-foreground">Comment</dt>
            <dd className="whitespace-pre-line break-words">{ret.comment}</dd>
          </>
        )}
      </dl>
      <ul className="mt-3 divide-y border-y text-sm">
        {ret.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0">
              {item.productName}{" "}
              <span className="text-muted-foreground">· {variantLabel(item.size, item.color)}</span>
              {item.exchangeSize && (
                <span className="text-muted-foreground"> → size {item.exchangeSize}</span>
              )}
            </span>
            <span className="shrink-0 text-muted-foreground">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      {ret.state === "rejected" && ret.rejectionReason && (
        <p className="mt-3 rounded-md border border-red-400/30 bg-red-400/5 px-3 py-2 text-sm">
          <span className="font-medium">Not accepted:</span> {ret.rejectionReason}
        </p>
      )}
      {ret.state === "refunded" && ret.refundCents !== null && (
        <p className="mt-3 rounded-md border border-emerald-400/30 bg-emerald-400/5 px-3 py-2 text-sm">
          Refunded {money(ret.refundCents)}. The money goes back to your original payment method within{" "}
          {REFUND_BUSINESS_DAYS} business days.
        </p>
      )}
      {ret.state === "exchanged" && ret.replacementOrderNumber && (
        <p className="mt-3 rounded-md border border-emerald-400/30 bg-emerald-400/5 px-3 py-2 text-sm">
          Your new size ships with order <span className="font-mono">{ret.replacementOrderNumber}</span>.
        </p>
      )}
      <ol className="mt-3 flex flex-col gap-1 text-xs" aria-label={`History of return ${ret.rmaNumber}`}>
        {ret.events.map((event) => (
          <li key={`${event.state}-${event.at}`} className="flex items-center gap-2">
            <span className="size-1.5 shrink-0 rounded-full bg-accent" aria-hidden />
            <span className="font-medium">{RETURN_STATE_LABELS[event.state]}</span>
            <span className="text-muted-foreground">
              <OrderDate iso={event.at} />
            </span>
          </li>
        ))}
      </ol>
      {ret.state === "requested" && (
        <div className="mt-3 flex justify-end">
          <CancelReturn ret={ret} />
        </div>
      )}
    </li>
  );
}

/**
 * The order's returns in its details, oldest first, and whether more can be returned: "Return
 * items" inside the window, the reason in its place once the window has closed.
 */
export function OrderReturns({ order }: { order: CustomerOrder }) {
  const { returns, returnOffer } = order;
  if (returns.length === 0 && !returnOffer.available && !returnOffer.message) return null;
  return (
    <OrderSection id="returns-heading" title="Returns" icon={RotateCcwIcon} className="flex flex-col gap-3">
      {returns.length > 0 && (
        <ul className="flex flex-col gap-3">
          {returns.map((ret) => (
            <ReturnCard key={ret.id} ret={ret} currency={order.currency} />
          ))}
        </ul>
      )}
      {returnOffer.available ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">
            Returns accepted until <OrderDate iso={returnOffer.windowEndsAt} />
          </p>
          <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
            <Link to={`/account/orders/${order.id}/return`}>
              <Undo2Icon aria-hidden /> Return items
              <span className="sr-only"> from order {order.orderNumber}</span>
            </Link>
          </Button>
        </div>
      ) : (
        returnOffer.message && (
          <p className="text-muted-foreground text-sm" data-testid="return-offer-message">
            {returnOffer.message}
          </p>
        )
      )}
    </OrderSection>
  );
}

/**
 * The statutory right of withdrawal on an order that may still use it (docs/LEGAL.md#withdrawal):
 * until when, and the link to the withdrawal function with this order chosen.
 */
export function OrderWithdrawal({ order }: { order: CustomerOrder }) {
  if (!order.withdrawal) return null;
  const { endsAt } = order.withdrawal;
  return (
    <div className="flex flex-col gap-2 rounded-lg border px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground text-sm">
        {endsAt ? (
          <>
            You can withdraw from this order until <OrderDate iso={endsAt} />.
          </>
        ) : (
          "You can withdraw from this order until 14 days after delivery."
        )}
      </p>
      <Link
        to={`/withdraw?order=${order.id}`}
        className="shrink-0 text-sm underline underline-offset-4 hover:text-foreground"
      >
        {WITHDRAW_LINK_LABEL}
        <span className="sr-only"> for order {order.orderNumber}</span>
      </Link>
    </div>
  );
}
