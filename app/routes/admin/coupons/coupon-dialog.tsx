import { useState } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { AdminCouponView } from "../../../../server/coupons/list-coupons";
import type { action } from "./admin-coupons";
import { CouponForm } from "./coupon-form";

/**
 * The Create/Edit Coupon dialog. The fetcher lives outside the dialog's content, so the answer is
 * still handled when it arrives as the dialog closes.
 */
export function CouponDialog({
  coupon,
  open,
  onOpenChange,
}: {
  coupon: AdminCouponView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const [serverError, setServerError] = useState<string | null>(null);

  useFetcherResult(fetcher, (result) => {
    if (result.intent !== "save") return;
    if (result.ok) {
      toast.success(result.message);
      onOpenChange(false);
    } else {
      toast.error(result.error);
      setServerError(result.error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setServerError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent width="xl">
        <DialogHeading
          title={coupon ? "Edit Coupon" : "Create Coupon"}
          description={
            coupon
              ? "Change the coupon's details. Its usage count is kept."
              : "Fields marked * are required. Codes are stored in upper case."
          }
        />
        {/* a new key per coupon resets every field when another one is opened */}
        <CouponForm
          key={coupon?.id ?? "new"}
          coupon={coupon}
          fetcher={fetcher}
          serverError={serverError}
          clearServerError={() => setServerError(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
