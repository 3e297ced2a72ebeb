import { useRouteLoaderData } from "react-router";
import { cn } from "~/lib/utils";
import { type TaxMode, vatNote } from "../../core/tax";

/** Whether the store's prices include VAT (server configuration, handed over by the root loader). */
export function useTaxMode(): TaxMode {
  // the root's data is missing only on its error page, which shows no prices
  return useRouteLoaderData<{ taxMode: TaxMode }>("root")?.taxMode ?? "inclusive";
}

/** "incl. VAT" or "excl. VAT" beside a price: small and quiet, in the muted colour that passes AA. */
export function VatNote({ className }: { className?: string }) {
  return (
    <span className={cn("font-normal text-muted-foreground text-xs", className)}>
      {vatNote(useTaxMode())}
    </span>
  );
}

/** One line under a grid of product cards, so the cards themselves stay uncluttered. */
export function GridVatNote() {
  return (
    <p className="mt-8 text-muted-foreground text-xs" data-testid="grid-vat-note">
      All prices {vatNote(useTaxMode())}.
    </p>
  );
}
