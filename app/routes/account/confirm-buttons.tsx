import { Button } from "~/components/ui/button";

/**
 * The two answers under an inline "Cancel …?" question in My Orders: keep it, or go ahead (both
 * held while the request is under way).
 */
export function ConfirmButtons({
  keepLabel,
  confirmLabel,
  busy,
  onKeep,
  onConfirm,
}: {
  keepLabel: string;
  confirmLabel: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onKeep}>
        {keepLabel}
      </Button>
      <Button type="button" variant="destructive" size="sm" disabled={busy} onClick={onConfirm}>
        {busy ? "Cancelling..." : confirmLabel}
      </Button>
    </div>
  );
}
