import { XIcon } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { DialogOpenMarker } from "~/lib/open-dialogs";
import { cn } from "~/lib/utils";

export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;

/**
 * A panel that slides in from the right; used for the small-screen menu. Like a dialog, it leaves
 * the top 6.5rem of the screen to the toasts.
 */
export function SheetContent({
  className,
  children,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
      <SheetPrimitive.Content
        className={cn(
          "fixed top-26 right-0 bottom-0 z-50 flex w-4/5 max-w-sm flex-col gap-6 rounded-tl-xl border-t border-l bg-popover p-6 shadow-2xl",
          className,
        )}
        {...props}
      >
        {children}
        <DialogOpenMarker />
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-md p-2 text-muted-foreground hover:text-foreground">
          <XIcon className="size-5" />
          <span className="sr-only">Close menu</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
