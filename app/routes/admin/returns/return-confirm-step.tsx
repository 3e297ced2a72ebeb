import { DialogHeading } from "~/components/ui/dialog";
import { useMoney } from "~/lib/money";
import { ConfirmFooter } from "~/routes/admin/confirm-footer";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";

/** The confirmation before money or goods leave: what will happen, and a way back. */
export function ConfirmStep({
  details,
  kind,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  details: AdminReturnDetails;
  kind: "refund" | "exchange";
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const money = useMoney(details.currency);
  const amount = details.refundPreviewCents !== null ? money(details.refundPreviewCents) : null;
  const exchanged = details.items.filter((item) => item.exchangeSize);
  return (
    <>
      {kind === "refund" ? (
        <DialogHeading
          title={amount ? `Refund ${amount} to the customer?` : "Refund the customer?"}
          description={`Return ${details.rmaNumber}, order ${details.orderNumber}.`}
        />
      ) : (
        <DialogHeading
          title="Send the replacement order?"
          description={`Return ${details.rmaNumber}, order ${details.orderNumber}.`}
        />
      )}
      <ul className="flex list-disc flex-col gap-2 rounded-lg border bg-card/40 p-4 pl-8 text-sm">
        {kind === "refund" ? (
          <>
            <li>
              {amount ? (
                <>
                  <strong className="tabular-nums">{amount}</strong> goes back to
                </>
              ) : (
                "The returned items are refunded to"
              )}{" "}
              the customer's original payment method.
            </li>
            <li>The customer is e-mailed that the refund is on its way.</li>
          </>
        ) : (
          <>
            {exchanged.map((item) => (
              <li key={item.id}>
                {item.productName}: {item.color ? `${item.color}, ` : ""}size {item.size} → size{" "}
                {item.exchangeSize} × {item.quantity}
              </li>
            ))}
            <li>A new order at no charge ships the replacement sizes.</li>
          </>
        )}
      </ul>
      <ConfirmFooter
        error={error}
        busy={busy}
        backLabel="Back"
        confirmLabel={
          kind === "refund"
            ? busy
              ? "Refunding..."
              : amount
                ? `Refund ${amount}`
                : "Refund"
            : busy
              ? "Creating order..."
              : "Create replacement order"
        }
        onBack={onBack}
        onConfirm={onConfirm}
      />
    </>
  );
}
