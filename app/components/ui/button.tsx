import {
  Children,
  type ComponentProps,
  cloneElement,
  isValidElement,
  type ReactElement,
  type SyntheticEvent,
} from "react";
import { cn } from "~/lib/utils";

// Plain lookups rather than class-variance-authority, and asChild without Radix's Slot: this
// file is on every page's first load (docs/PERFORMANCE.md#first-load-javascript).
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/85",
  accent: "bg-accent text-accent-foreground hover:bg-accent/85",
  outline: "border border-input bg-transparent hover:bg-secondary",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/70",
  ghost: "hover:bg-secondary",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/85",
  link: "text-foreground underline-offset-4 hover:underline",
};

// each size sets the text size, so that no two of them meet in one className (lib/utils.ts)
const SIZES = {
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-8 px-3 text-xs",
  lg: "h-12 px-6 text-base",
  icon: "size-10 text-sm",
  "icon-sm": "size-8 text-sm",
};

interface ButtonStyle {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
}

/** A button's classes, for a link or a <summary> that looks like one. */
export function buttonVariants({ variant, size }: ButtonStyle = {}) {
  return `${BASE} ${VARIANTS[variant ?? "default"]} ${SIZES[size ?? "default"]}`;
}

type SlotProps = Record<string, unknown> & { className?: string };
type EventHandler = (event: SyntheticEvent) => void;

/**
 * The button's props on its only child (a link), as Radix's Slot does: the child's own props
 * win, except that the classes are joined and both event handlers run (the child's first).
 */
function withSlotProps(children: ComponentProps<"button">["children"], slotProps: SlotProps) {
  const child = Children.only(children);
  if (!isValidElement<SlotProps>(child)) throw new Error("Button asChild needs one element as its child");
  const merged: SlotProps = { ...slotProps, ...child.props };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = child.props[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === "function" && typeof childValue === "function") {
      merged[name] = (event: SyntheticEvent) => {
        (childValue as EventHandler)(event);
        (slotValue as EventHandler)(event);
      };
    }
  }
  merged.className = cn(slotProps.className, child.props.className);
  return cloneElement(child as ReactElement<SlotProps>, merged);
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  children,
  ...props
}: ComponentProps<"button"> & ButtonStyle & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) return withSlotProps(children, { ...props, className: classes });
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
