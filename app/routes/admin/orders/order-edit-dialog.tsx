import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { ConfirmFooter } from "~/routes/admin/confirm-footer";
import { capitalize, ORDER_STATUSES } from "../../../../core/order";
import type { AdminOrderView } from "../../../../server/orders/admin-order.view";
import type { action } from "./admin-orders";

// the server enforces the same limit (server/orders/update-order.ts)
const TRACKING_CODE_MAX_LENGTH = 64;

/** Order Status and Tracking Code; Save Changes posts to the orders route. */
export function OrderEditDialog({ order, onClose }: { order: AdminOrderView | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="md">
        {order ? <EditForm key={order.id} order={order} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const statusId = useId();
  const codeId = useId();
  const hintId = useId();
  const saving = fetcher.state !== "idle";
  // a paid order set to cancelled is refunded: the admin confirms that first (also one cancelled
  // already whose refund failed, as a withdrawal's before shipping can: docs/LEGAL.md#withdrawal)
  const [confirming, setConfirming] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);
  const needsRefund = order.paymentStatus === "paid";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message, result.notice ? { description: result.notice } : undefined);
      if (result.warning) toast.warning(result.warning);
      onClose();
    } else {
      toast.error(result.error);
      if (result.intent === "cancel-refund") setRefundError(result.error);
    }
  });

  if (confirming) {
    return (
      <ConfirmRefund
        order={order}
        busy={saving}
        error={refundError}
        onBack={() => {
          setConfirming(false);
          setRefundError(null);
        }}
        onConfirm={() => fetcher.submit({ intent: "cancel-refund", orderId: order.id }, { method: "post" })}
      />
    );
  }

  return (
    <>
      <DialogHeading
        title={`Edit Order ${order.orderNumber}`}
        description="Change the status or add the parcel's tracking code."
      />
      <fetcher.Form
        method="post"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          const status = new FormData(event.currentTarget).get("status");
          if (needsRefund && status === "cancelled") {
            event.preventDefault();
            setConfirming(true);
          }
        }}
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="orderId" value={order.id} />
        <div className="flex flex-col gap-2">
          <Label htmlFor={statusId}>Order Status</Label>
          <NativeSelect id={statusId} name="status" defaultValue={order.status}>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {capitalize(status)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={codeId}>
            Tracking Code <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id={codeId}
            name="trackingCode"
            defaultValue={order.trackingCode ?? ""}
            maxLength={TRACKING_CODE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            className="font-mono"
          />
          <p id={hintId} className="text-muted-foreground text-xs">
            Leave empty if not applicable or not yet shipped
          </p>
        </div>
        <DialogActions busy={saving}>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </DialogActions>
      </fetcher.Form>
    </>
  );
}

/** The confirmation step before a paid order is cancelled: what will happen, in money and units. */
function ConfirmRefund({
  order,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  order: AdminOrderView;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const money = useMoney(order.currency);
  const total = money(order.totalCents);
  const units =
    order.itemCount === 1
      ? "The item goes back into stock in its size."
      : `The ${order.itemCount} items go back into stock, each in its size.`;
  return (
    <>
      <DialogHeading
        title={`Cancel and refund order ${order.orderNumber}?`}
        description="This order is paid. Cancelling it gives the customer their money back."
      />
      <ul className="flex flex-col gap-2 rounded-lg border bg-card/40 p-4 text-sm">
        <li>
          The full amount of <strong className="tabular-nums">{total}</strong> will be refunded to the
          customer's original payment method.
        </li>
        <li>{units}</li>
        <li>The customer is e-mailed that the order was cancelled and refunded.</li>
      </ul>
      <ConfirmFooter
        error={error}
        busy={busy}
        backLabel="Keep order"
        confirmLabel={busy ? "Refunding..." : `Cancel and refund ${total}`}
        destructive
        onBack={onBack}
        onConfirm={onConfirm}
      />
    </>
  );
}
