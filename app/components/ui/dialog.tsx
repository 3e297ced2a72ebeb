import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { DialogOpenMarker } from "~/lib/open-dialogs";
import { cn } from "~/lib/utils";

export const Dialog = DialogPrimitive.Root;
const DialogClose = DialogPrimitive.Close;

const DIALOG_WIDTHS = { md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl", "2xl": "max-w-2xl" } as const;

export function DialogContent({
  className,
  children,
  width = "lg",
  sections = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  width?: keyof typeof DIALOG_WIDTHS;
  /**
   * For a dialog taller than the screen: a column without padding, holding a DialogBody (which
   * scrolls) between the header and a DialogFooter, so the header and the footer stay in view.
   */
  sections?: boolean;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm" />
      {/* centred in the screen below its top 6.5rem, which is the toasts' while a dialog is open
          (app/components/layout/toaster.tsx): a toast never covers a dialog, whatever it scrolls to */}
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-x-0 top-26 bottom-4 z-50 m-auto h-fit max-h-[calc(100dvh-7.5rem)] w-[calc(100%-2rem)] rounded-xl border bg-popover shadow-2xl",
          DIALOG_WIDTHS[width],
          sections ? "flex flex-col overflow-hidden" : "grid gap-4 overflow-y-auto p-6",
          className,
        )}
        {...props}
      >
        {children}
        <DialogOpenMarker />
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-md p-1.5 text-muted-foreground hover:text-foreground">
          <XIcon className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("font-semibold text-lg", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-muted-foreground text-sm", className)} {...props} />
  );
}

/**
 * For a dialog taller than the screen: the part between the header and a DialogFooter, which
 * scrolls on its own, in a `<DialogContent sections>`.
 */
export function DialogBody({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("min-h-0 flex-1 overflow-y-auto px-6 py-5", className)} {...props} />;
}

/** Stays at the bottom of the dialog, under a DialogBody: the total and the primary button. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("shrink-0 border-t bg-popover px-6 py-4", className)} {...props} />;
}

/** A dialog's title with, under it, what the dialog is for. */
export function DialogHeading({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}

/** The buttons under a dialog's form: Cancel, which closes the dialog, then the form's own. */
export function DialogActions({
  busy = false,
  className,
  children,
}: {
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={busy}>
          Cancel
        </Button>
      </DialogClose>
      {children}
    </div>
  );
}
