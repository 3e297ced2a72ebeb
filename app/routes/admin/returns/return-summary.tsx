import { Link } from "react-router";
import { ProductImage } from "~/components/product-image";
import { Badge } from "~/components/ui/badge";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { DetailRow, DetailSection } from "~/routes/admin/detail-section";
import { capitalize, DELETED_CUSTOMER_LABEL } from "../../../../core/order";
import { variantLabel } from "../../../../core/product";
import { RETURN_STATE_LABELS, type ReturnItemCondition } from "../../../../core/returns";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import { DateTime } from "../admin-date-time";
import { ReturnStateBadge } from "./return-table";

export const CONDITION_LABELS: Record<ReturnItemCondition, string> = {
  sellable: "Sellable",
  damaged: "Damaged",
};

/** Everything about one return below its step: the return, the customer, the notes, the items, the timeline and the customer's other returns. */
export function ReturnSummary({
  details,
  hrefFor,
}: {
  details: AdminReturnDetails;
  hrefFor: (id: string) => string;
}) {
  const refunded = details.refundCents !== null;
  const money = useMoney(details.currency);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DetailSection title="Return">
          <dl>
            <DetailRow label="State">
              <ReturnStateBadge state={details.state} />
            </DetailRow>
            <DetailRow label="Order">
              <Link
                to={`/admin/orders?q=${encodeURIComponent(details.orderNumber)}`}
                className="font-mono underline-offset-4 hover:underline"
              >
                {details.orderNumber}
              </Link>
            </DetailRow>
            <DetailRow label="Resolution">{capitalize(details.resolution)}</DetailRow>
            {details.kind === "withdrawal" ? (
              <DetailRow label="Kind">Withdrawal (14-day right): cannot be rejected</DetailRow>
            ) : (
              <DetailRow label="Reason">{details.reasonLabel}</DetailRow>
            )}
            {refunded ? (
              <>
                <DetailRow label="Refunded">
                  <span className="font-semibold tabular-nums">{money(details.refundCents ?? 0)}</span>
                </DetailRow>
                {details.refundTaxCents !== null ? (
                  <DetailRow label="VAT given back">
                    <span className="tabular-nums">{money(details.refundTaxCents)}</span>
                  </DetailRow>
                ) : null}
              </>
            ) : details.refundPreviewCents !== null && details.resolution === "refund" ? (
              <DetailRow label="To refund">
                <span className="tabular-nums">{money(details.refundPreviewCents)}</span>
              </DetailRow>
            ) : null}
            {details.replacementOrderNumber ? (
              <DetailRow label="Replacement order">
                <Link
                  to={`/admin/orders?q=${encodeURIComponent(details.replacementOrderNumber)}`}
                  className="font-mono underline-offset-4 hover:underline"
                >
                  {details.replacementOrderNumber}
                </Link>
              </DetailRow>
            ) : null}
          </dl>
        </DetailSection>

        <DetailSection title="Customer">
          <dl>
            <DetailRow label="Email">
              {details.customerEmail ? (
                <a href={`mailto:${details.customerEmail}`} className="underline-offset-4 hover:underline">
                  {details.customerEmail}
                </a>
              ) : (
                <span className="text-muted-foreground">{DELETED_CUSTOMER_LABEL}</span>
              )}
            </DetailRow>
            {details.customerName ? <DetailRow label="Name">{details.customerName}</DetailRow> : null}
            <DetailRow label="Paid orders">
              <span className="tabular-nums">{details.customerOrderCount}</span>
            </DetailRow>
            <DetailRow label="Other returns">
              <span className="tabular-nums">{details.history.length}</span>
            </DetailRow>
          </dl>
        </DetailSection>
      </div>

      {details.withdrawal ? (
        <DetailSection title="Withdrawal statement">
          <dl>
            <DetailRow label="Received">
              <DateTime iso={details.withdrawal.receivedAt} />
            </DetailRow>
            <DetailRow label="Refund due by">
              <DateTime iso={details.withdrawal.refundDueAt} />
            </DetailRow>
            {details.proofOfSending ? (
              <DetailRow label="Proof of sending">{details.proofOfSending}</DetailRow>
            ) : null}
          </dl>
          <p
            className="mt-3 whitespace-pre-line break-words rounded-md border bg-background/40 p-3 text-sm"
            data-testid="withdrawal-statement"
          >
            {details.withdrawal.statement}
          </p>
        </DetailSection>
      ) : null}

      {details.comment || details.rejectionReason ? (
        <DetailSection title="Notes">
          {details.comment ? (
            <div>
              <h4 className="mb-1 text-muted-foreground text-xs">Customer's comment</h4>
              <p className="whitespace-pre-line break-words text-sm">{details.comment}</p>
            </div>
          ) : null}
          {details.rejectionReason ? (
            <div className={cn(details.comment && "mt-3 border-t pt-3")}>
              <h4 className="mb-1 text-muted-foreground text-xs">Rejection reason (shown to the customer)</h4>
              <p className="whitespace-pre-line break-words text-sm">{details.rejectionReason}</p>
            </div>
          ) : null}
        </DetailSection>
      ) : null}

      <DetailSection title={`Items (${details.items.reduce((sum, item) => sum + item.quantity, 0)})`}>
        <ul className="divide-y">
          {details.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <ProductImage
                image={item.image}
                alt={item.productName}
                sizes="48px"
                className="w-12 shrink-0 rounded-md"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{item.productName}</p>
                <p className="text-muted-foreground text-xs tabular-nums">
                  {variantLabel(item.size, item.color)} · Qty {item.quantity}
                  {item.exchangeSize ? ` · Exchange for size ${item.exchangeSize}` : null}
                </p>
              </div>
              {item.condition ? <ConditionBadge condition={item.condition} /> : null}
            </li>
          ))}
        </ul>
      </DetailSection>

      <DetailSection title="Timeline">
        <ol className="flex flex-col gap-3">
          {details.events.map((event, index) => (
            // events have no id of their own; their order never changes
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex gap-3 text-sm">
              <span
                className={cn(
                  "mt-1.5 size-2 shrink-0 rounded-full",
                  index === details.events.length - 1 ? "bg-accent" : "bg-muted-foreground/50",
                )}
                aria-hidden
              />
              <div className="min-w-0">
                <p>
                  <span className="font-medium">{RETURN_STATE_LABELS[event.state]}</span>
                  <span className="text-muted-foreground">
                    {" · "}
                    <DateTime iso={event.at} />
                    {" · "}
                    {event.actorEmail ?? (event.actorRole === "customer" ? "Customer" : "Admin")}
                  </span>
                </p>
                {event.note ? (
                  <p className="whitespace-pre-line break-words text-muted-foreground text-xs">
                    {event.note}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </DetailSection>

      <DetailSection title="Customer's other returns">
        {details.history.length === 0 ? (
          <p className="text-muted-foreground text-sm">No other returns.</p>
        ) : (
          <ul className="divide-y">
            {details.history.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link
                  to={hrefFor(other.id)}
                  preventScrollReset
                  className="font-mono underline-offset-4 hover:underline"
                >
                  {other.rmaNumber}
                </Link>
                <span className="font-mono text-muted-foreground text-xs">{other.orderNumber}</span>
                <ReturnStateBadge state={other.state} />
                <DateTime iso={other.createdAt} className="text-muted-foreground text-xs" />
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </>
  );
}

function ConditionBadge({ condition }: { condition: ReturnItemCondition }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        "shrink-0",
        condition === "sellable"
          ? "border-emerald-500/40 text-emerald-300"
          : "border-red-500/40 text-red-300",
      )}
    >
      {CONDITION_LABELS[condition]}
    </Badge>
  );
}
