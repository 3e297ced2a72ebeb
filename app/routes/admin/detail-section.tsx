import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A titled box of an admin details dialog (an order, a return). */
export function DetailSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // min-w-0: a grid item would otherwise grow to its longest unbreakable line (an id, an e-mail)
    <section className={cn("min-w-0 rounded-lg border bg-card/40 p-4", className)}>
      <h3 className="mb-3 font-semibold text-muted-foreground text-xs uppercase tracking-widest">{title}</h3>
      {children}
    </section>
  );
}

/** A label and its value, one line of a DetailSection's <dl>. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-1 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right">{children}</dd>
    </div>
  );
}
