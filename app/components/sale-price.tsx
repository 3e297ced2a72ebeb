import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { SaleView } from "../../core/product";

/**
 * The price a shopper pays and, while a sale runs, the regular price struck through
 * (docs/PRICING.md#sale-prices). The struck price says what it is to a screen reader, which may not
 * announce the strike itself.
 */
export function PriceTag({
  priceCents,
  regularPriceCents,
  className,
}: {
  priceCents: number;
  /** While a sale runs: the regular price. */
  regularPriceCents?: number | null;
  className?: string;
}) {
  const money = useMoney();
  if (regularPriceCents == null) return <span className={className}>{money(priceCents)}</span>;
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-2", className)}>
      <span className="text-accent" data-testid="sale-price">
        <span className="sr-only">Sale price </span>
        {money(priceCents)}
      </span>
      <s className="font-normal text-[0.85em] text-muted-foreground" data-testid="regular-price">
        <span className="sr-only">Regular price </span>
        {money(regularPriceCents)}
      </s>
    </span>
  );
}

/** The line the EU's price indication rule asks of an announced reduction (Art. 6a, 98/6/EC). */
export function LowestPriorPrice({ sale, className }: { sale: SaleView | null; className?: string }) {
  const money = useMoney();
  if (!sale) return null;
  return (
    <p className={cn("text-muted-foreground text-xs", className)} data-testid="lowest-prior-price">
      Lowest price in the last 30 days: {money(sale.lowestPriorPriceCents)}
    </p>
  );
}
