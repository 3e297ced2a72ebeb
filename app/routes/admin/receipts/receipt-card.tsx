import { CreditCardIcon, EyeIcon, MailIcon, ReceiptTextIcon } from "lucide-react";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { receiptStatusTone } from "../../../../core/order";
import type { ReceiptView } from "../../../../server/receipts/receipt.view";
import { DateTime } from "../admin-date-time";

export function ReceiptCard({ receipt, onView }: { receipt: ReceiptView; onView: (id: string) => void }) {
  return (
    <article
      className="flex flex-col gap-4 rounded-xl border bg-card/60 p-5"
      aria-labelledby={`receipt-${receipt.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`receipt-${receipt.id}`} className="flex items-center gap-2 font-mono font-semibold">
            <ReceiptTextIcon className="size-4 shrink-0 text-accent" aria-hidden />
            {receipt.receiptNumber}
          </h2>
          <p className="mt-1 text-muted-foreground text-sm">
            Order <span className="font-mono text-foreground">{receipt.orderNumber}</span>
          </p>
        </div>
        <StatusBadge status={receipt.status} tone={receiptStatusTone(receipt.status)} />
      </div>
      <div>
        <p className="font-bold text-2xl tabular-nums">{receipt.amount}</p>
        {receipt.vat ? (
          <p className="mt-0.5 text-muted-foreground text-sm tabular-nums">
            incl. {receipt.vat.label}: {receipt.vat.amount}
          </p>
        ) : null}
        {receipt.refunds.map((refund) => (
          <RefundNote key={refund.createdAt + refund.amount} refund={refund} className="mt-1 text-sm" />
        ))}
      </div>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <CreditCardIcon className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Payment method</span>
          </dt>
          <dd>
            {receipt.cardLabel ?? <span className="text-muted-foreground">No payment method reported</span>}
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <MailIcon className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Billing email</span>
          </dt>
          <dd className="truncate" title={receipt.billingEmail}>
            {receipt.billingEmail}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4">
        <DateTime iso={receipt.createdAt} className="text-muted-foreground text-sm" />
        <Button
          variant="outline"
          size="sm"
          onClick={() => onView(receipt.id)}
          aria-label={`View details of receipt ${receipt.receiptNumber}`}
        >
          <EyeIcon /> View Details
        </Button>
      </div>
    </article>
  );
}

/** "Refunded $59.99 on Mar 3, 2026, 14:05 UTC" (the card and the details dialog), one per refund. */
export function RefundNote({
  refund,
  className,
}: {
  refund: ReceiptView["refunds"][number];
  className?: string;
}) {
  return (
    <p className={className} data-testid="receipt-refund">
      <span className="text-red-300">Refunded</span> <span className="tabular-nums">{refund.amount}</span> on{" "}
      <DateTime iso={refund.createdAt} />
      <span className="text-muted-foreground"> · {refund.reason}</span>
    </p>
  );
}
