import { useId } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { capitalize, ORDER_STATUSES } from "../../../core/order";
import type { AdminOrderView } from "./order-table";

/** What the orders route's action answers to an "update" intent. */
export type OrderUpdateResult =
  | { intent: "update"; ok: true; message: string; notice: string | null; warning: string | null }
  | { intent: "update"; ok: false; error: string };

// the server enforces the same limit (server/orders/update-order.ts)
const TRACKING_CODE_MAX_LENGTH = 64;

/** Order Status and Tracking Code; Save Changes posts to the orders route. */
export function OrderEditDialog({ order, onClose }: { order: AdminOrderView | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {order ? <EditForm key={order.id} order={order} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const fetcher = useFetcher<OrderUpdateResult>();
  const statusId = useId();
  const codeId = useId();
  const hintId = useId();
  const saving = fetcher.state !== "idle";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message, result.notice ? { description: result.notice } : undefined);
      if (result.warning) toast.warning(result.warning);
      onClose();
    } else {
      toast.error(result.error);
    }
  });

  return (
    <>
      <DialogHeading
        title={`Edit Order ${order.orderNumber}`}
        description="Change the status or add the parcel's tracking code."
      />
      <fetcher.Form method="post" className="flex flex-col gap-5">
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
