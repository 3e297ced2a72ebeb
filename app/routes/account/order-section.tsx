import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * One titled part of a customer's order details (tracking, items, address, returns, payment): a
 * section named by its small heading, with an icon where the part has one.
 */
export function OrderSection({
  id,
  title,
  icon: Icon,
  iconClassName = "text-accent",
  headingClassName,
  className,
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  iconClassName?: string;
  headingClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className={cn("flex items-center gap-2 font-semibold text-sm", headingClassName)}>
        {Icon && <Icon className={cn("size-4", iconClassName)} aria-hidden />}
        {title}
      </h3>
      {children}
    </section>
  );
}
