import type { ReactNode } from "react";
import { OrderDocuments } from "~/components/order-documents";
import { StatusBadge } from "~/components/status-badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useSeller } from "~/lib/store";
import { receiptStatusTone } from "../../../../core/order";
import type { ReceiptView } from "../../../../server/receipts/receipt.view";
import { DateTime } from "../admin-date-time";
import { RefundNote } from "./receipt-card";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b py-2.5 text-sm last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right">{children}</dd>
    </div>
  );
}

/** One receipt in full, with the provider's raw data for support. */
export function ReceiptDetailsDialog({
  receipt,
  onClose,
}: {
  receipt: ReceiptView | null;
  onClose: () => void;
}) {
  const seller = useSeller();
  return (
    <Dialog open={receipt !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl">
        {receipt ? (
          <>
            <DialogHeader className="pr-8">
              <DialogTitle>
                Receipt <span className="font-mono">{receipt.receiptNumber}</span>
              </DialogTitle>
              <DialogDescription>Payment for order {receipt.orderNumber}</DialogDescription>
            </DialogHeader>
            <dl className="rounded-lg border bg-card/40 px-4">
              <Row label="Receipt number">
                <span className="font-mono">{receipt.receiptNumber}</span>
              </Row>
              <Row label="Order number">
                <span className="font-mono">{receipt.orderNumber}</span>
              </Row>
              <Row label="Amount">
                <span className="font-semibold tabular-nums">{receipt.amount}</span>
              </Row>
              {receipt.vat ? (
                <Row label={receipt.vat.label}>
                  <span className="tabular-nums">{receipt.vat.amount}</span>
                </Row>
              ) : null}
              {receipt.providerVat ? (
                <Row label="VAT reported by the provider">
                  <span className="tabular-nums">{receipt.providerVat}</span>
                </Row>
              ) : null}
              {receipt.items.length > 0 ? (
                <Row label="Items">
                  <ul className="grid gap-0.5" data-testid="receipt-items">
                    {receipt.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </Row>
              ) : null}
              <Row label="Status">
                <StatusBadge status={receipt.status} tone={receiptStatusTone(receipt.status)} />
              </Row>
              {receipt.refunds.length > 0 ? (
                <Row label={receipt.refunds.length === 1 ? "Refund" : "Refunds"}>
                  <div className="grid gap-1">
                    {receipt.refunds.map((refund) => (
                      <RefundNote key={refund.createdAt + refund.amount} refund={refund} />
                    ))}
                  </div>
                </Row>
              ) : null}
              <Row label="Payment method">
                {receipt.cardLabel ?? (
                  <span className="text-muted-foreground">No payment method reported</span>
                )}
              </Row>
              {receipt.documents.length > 0 ? (
                <Row label="Invoice">
                  <OrderDocuments documents={receipt.documents} className="justify-items-end" />
                </Row>
              ) : null}
              <Row label="Customer email">{receipt.billingEmail}</Row>
              <Row label="Transaction date">
                <DateTime iso={receipt.createdAt} />
              </Row>
              {seller?.legalName ? (
                // the receipt's issuer, as the settings name it today (SELLER_*)
                <Row label="Seller">
                  <span className="grid" data-testid="receipt-seller">
                    <span>{seller.legalName}</span>
                    {seller.address ? <span className="text-muted-foreground">{seller.address}</span> : null}
                    {seller.vatId ? (
                      <span className="text-muted-foreground">VAT ID {seller.vatId}</span>
                    ) : null}
                  </span>
                </Row>
              ) : null}
            </dl>
            {receipt.providerData ? (
              // written once, with the receipt: a snapshot, which later refunds do not change
              <section aria-labelledby="provider-data-heading" aria-describedby="provider-data-note">
                <h3 id="provider-data-heading" className="font-semibold text-sm">
                  Provider data as received at payment, <DateTime iso={receipt.createdAt} />
                </h3>
                <p id="provider-data-note" className="mt-1 mb-2 text-muted-foreground text-xs">
                  The payment provider's record as it was then. Refunds and status changes since are in the
                  rows above.
                </p>
                <pre
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                  tabIndex={0}
                  className="max-h-72 overflow-auto rounded-lg border bg-background/80 p-4 font-mono text-muted-foreground text-xs leading-relaxed"
                >
                  {receipt.providerData}
                </pre>
              </section>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
