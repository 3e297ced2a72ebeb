import { ArchiveIcon, Trash2Icon } from "lucide-react";
import { type RefObject, useId } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "~/components/ui/dialog";
import { accountDeletionEffects } from "../../../core/account-privacy";

/**
 * The last question before "Delete my account" posts: what is erased and what is kept. It opens
 * with the focus on Cancel, the choice that loses nothing, and gives it back to `opener` on closing.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  /** The button that asked: opened by a form's submit, not a Radix trigger, so Radix knows none. */
  opener: RefObject<HTMLElement | null>;
}) {
  const erasedId = useId();
  const keptId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        width="md"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogHeading
          title="Delete your account?"
          description="This cannot be undone. Read what is erased and what is kept."
        />
        <section aria-labelledby={erasedId} className="grid gap-2 text-sm">
          <h3 id={erasedId} className="flex items-center gap-2 font-semibold">
            <Trash2Icon className="size-4 text-destructive" aria-hidden /> Erased now
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {accountDeletionEffects.erased.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={keptId} className="grid gap-2 text-sm">
          <h3 id={keptId} className="flex items-center gap-2 font-semibold">
            <ArchiveIcon className="size-4 text-accent" aria-hidden /> Kept
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            {accountDeletionEffects.kept.map((effect) => (
              <li key={effect}>{effect}</li>
            ))}
          </ul>
        </section>
        <DialogActions busy={busy}>
          <Button type="button" variant="destructive" onClick={onConfirm} disabled={busy}>
            <Trash2Icon aria-hidden /> {busy ? "Deleting..." : "Delete my account"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
