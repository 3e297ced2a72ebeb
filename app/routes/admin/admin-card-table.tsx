import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * An admin list that is a table where all its columns fit (xl and up) and a list of cards on
 * narrower screens (the orders and returns lists). `rows` are the table's rows, `cards` its `<li>`s.
 */
export function AdminCardTable({
  headers,
  alignRight = [],
  caption,
  cardsLabel,
  cardsClassName,
  cards,
  rows,
}: {
  headers: readonly string[];
  /** The headers of the columns aligned right. */
  alignRight?: readonly string[];
  caption?: string;
  cardsLabel?: string;
  cardsClassName?: string;
  cards: ReactNode;
  rows: ReactNode;
}) {
  return (
    <>
      <ul className={cn("grid gap-3 xl:hidden", cardsClassName)} aria-label={cardsLabel}>
        {cards}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border bg-card/60 xl:block">
        <table className="w-full text-left text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="text-muted-foreground text-xs uppercase tracking-wider">
            <tr>
              {headers.map((header) => (
                <th
                  key={header}
                  scope="col"
                  className={cn(
                    "whitespace-nowrap px-2.5 py-3 font-medium first:pl-4 last:pr-4",
                    alignRight.includes(header) && "text-right",
                  )}
                >
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
    </>
  );
}

/** One fact of a card: its label and its value (`<dt>` and `<dd>`), inside the card's `<dl>`. */
export function AdminCardField({
  label,
  className,
  valueClassName,
  children,
}: {
  label: string;
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}
