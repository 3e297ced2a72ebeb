import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * The end of an admin's confirmation before money or goods leave (cancelling a paid order, a
 * return's refund or exchange): the server's refusal, if any, and the way back or on.
 */
export function ConfirmFooter({
  error,
  busy,
  backLabel,
  confirmLabel,
  destructive = false,
  onBack,
  onConfirm,
}: {
  error: string | null;
  busy: boolean;
  backLabel: string;
  /** The confirm button's text, its busy text included. */
  confirmLabel: ReactNode;
  destructive?: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          {backLabel}
        </Button>
        <Button
          type="button"
          variant={destructive ? "destructive" : undefined}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
}
