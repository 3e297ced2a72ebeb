import { Trash2Icon } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { productMessages } from "../../../../core/validation/product-form";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import type { action } from "./admin-products";

/** Asks before deleting; deletes through the products route's action and says how it went. */
export function ProductDeleteDialog({
  product,
  onOpenChange,
}: {
  product: AdminProductView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";

  // after the action and the list's reload: a toast, and the dialog closes
  useFetcherResult(fetcher, (result) => {
    if (result.intent !== "delete") return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error === productMessages.notFound ? result.error : productMessages.deleteFailed);
    onOpenChange(false);
  });

  return (
    <Dialog open={product !== null} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent role="alertdialog" width="md">
        <DialogHeading title="Delete Product" description={productMessages.confirmDelete} />
        {product ? (
          <p className="rounded-lg border bg-muted/40 px-4 py-3 font-medium text-sm">{product.name}</p>
        ) : null}
        <p className="text-muted-foreground text-sm">
          Past orders keep their copy of the product's name, price and image.
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={product?.id ?? ""} />
          <DialogActions busy={busy}>
            <Button type="submit" variant="destructive" disabled={busy}>
              <Trash2Icon aria-hidden /> {busy ? "Deleting..." : "Delete"}
            </Button>
          </DialogActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
