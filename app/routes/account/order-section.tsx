import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** The framed parts: a card, or the amber box of what awaits the customer. */
const BOXES = {
  card: { box: "rounded-lg border bg-card/60 p-4", icon: "text-accent" },
  attention: { box: "rounded-lg border border-amber-400/40 bg-amber-400/10 p-4", icon: "text-amber-300" },
} as const;

/**
 * One titled part of a customer's order details (tracking, items, address, returns, payment): a
 * section named by its small heading, with an icon where the part has one.
 */
export function OrderSection({
  id,
  title,
  icon: Icon,
  box,
  headingClassName,
  className,
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  box?: keyof typeof BOXES;
  headingClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn(box && BOXES[box].box, className)}>
      <h3 id={id} className={cn("flex items-center gap-2 font-semibold text-sm", headingClassName)}>
        {Icon && (
          <Icon
            className={cn("size-4", box === "attention" ? BOXES.attention.icon : "text-accent")}
            aria-hidden
          />
        )}
        {title}
      </h3>
      {children}
    </section>
  );
}
