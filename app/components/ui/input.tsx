import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const fieldClassName =
  "flex w-full rounded-md border border-input bg-muted/60 px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClassName, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClassName, "min-h-20", className)} {...props} />;
}

/**
 * A styled native select: works without JavaScript and with every assistive technology. The
 * browser draws its arrow beside the right padding, not inside it, so the padding stays small and
 * leaves the text its room ("All sizes" on a phone).
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(fieldClassName, "h-10 appearance-auto pr-2", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
  return <label className={cn("font-medium text-sm leading-none", className)} {...props} />;
}
