import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { type TaxMode, vatRowLabel } from "../../core/tax";

/**
 * An order's VAT row, a term and its amount inside a <dl>: "VAT 19% (Germany) included" after the
 * total when the prices hold the VAT, "VAT 19% (Germany)" among the amounts summed when it is added.
 * Where it stands is the caller's, as its total row is.
 */
export function VatRow({
  tax,
  taxCents,
  currency,
  className,
}: {
  tax: { mode: TaxMode; rateBasisPoints: number; countryName: string };
  taxCents: number;
  /** An order's currency; the store's when not given (a cart or checkout not yet placed). */
  currency?: string;
  className?: string;
}) {
  const money = useMoney(currency);
  return (
    <div className={cn("flex justify-between gap-4", className)} data-testid="vat-row">
      <dt className="text-muted-foreground">{vatRowLabel(tax)}</dt>
      {/* included VAT is part of the total, not added to it: shown quietly */}
      <dd className={cn(tax.mode === "inclusive" && "text-muted-foreground")} data-testid="vat-amount">
        {money(taxCents)}
      </dd>
    </div>
  );
}
