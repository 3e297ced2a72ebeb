import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { AdminCouponView } from "../../../../server/coupons/list-coupons";
import type { action } from "./admin-coupons";

/**
 * Asks before deleting. It lives on the page, not in the row, so its answer is still toasted after
 * the row (or the whole table) is gone.
 */
export function DeleteCouponDialog({
  coupon,
  onClose,
}: {
  coupon: AdminCouponView | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onClose();
    } else toast.error(result.error);
  });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="md">
        <DialogHeading
          title="Delete coupon?"
          description={
            <>
              Delete <span className="font-mono font-semibold text-foreground">{coupon?.code}</span>? Orders
              that used it keep the code but are no longer linked to it, and its usage records are removed.
              This cannot be undone.
            </>
          }
        />
        <fetcher.Form method="post" className="pt-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={coupon?.id ?? ""} />
          <DialogActions busy={busy}>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : "Delete Coupon"}
            </Button>
          </DialogActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
