import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { AdminCouponView } from "../../../server/coupons/list-coupons";
import type { CouponActionResult } from "./coupon-dialog";

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
  const fetcher = useFetcher<CouponActionResult>();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onClose();
    } else toast.error(result.error);
  });
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete coupon?</DialogTitle>
          <DialogDescription>
            Delete <span className="font-mono font-semibold text-foreground">{coupon?.code}</span>? Orders
            that used it keep the code but are no longer linked to it, and its usage records are removed. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={coupon?.id ?? ""} />
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Delete Coupon"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
