import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const BASE = "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 font-semibold text-xs";

const VARIANTS = {
  default: "border-transparent bg-primary text-primary-foreground",
  accent: "border-transparent bg-accent text-accent-foreground",
  outline: "border-border text-foreground",
  muted: "border-transparent bg-secondary text-secondary-foreground",
};

export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return <span className={cn(BASE, VARIANTS[variant], className)} {...props} />;
}
