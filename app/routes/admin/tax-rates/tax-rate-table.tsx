import { TriangleAlertIcon } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { schemaAtHand, useIntentFormError } from "~/lib/use-form-error";
import { rateInputValue, taxRateFormSchema } from "../../../../core/validation/tax-rate-form";
import type { TaxRateView } from "../../../../server/tax/list-tax-rates";
import { DateTime } from "../admin-date-time";
import type { action } from "./admin-tax-rates";

const HEADERS = ["Country", "Rate", "Source", "Last changed"];

/** A label that names a cell where the table has become a list of cards (narrow screens). */
function CardLabel({ children }: { children: string }) {
  return <span className="@3xl:hidden text-muted-foreground text-xs">{children}: </span>;
}

/**
 * Every country's rate, each editable on its own row. One table: where the content area is
 * narrow (a phone), its rows are laid out as cards, so nothing needs sideways scrolling.
 */
export function TaxRateTable({ rates }: { rates: TaxRateView[] }) {
  return (
    <section aria-labelledby="tax-rates-heading">
      <h2 id="tax-rates-heading" className="sr-only">
        Rates
      </h2>
      <div className="@3xl:overflow-hidden @3xl:rounded-xl @3xl:border @3xl:bg-card/60">
        <table className="@3xl:table block w-full text-left text-sm">
          <caption className="sr-only">VAT rate per country, by country name</caption>
          <thead className="@3xl:table-header-group hidden border-b text-muted-foreground text-xs uppercase tracking-wider">
            <tr>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className="whitespace-nowrap px-4 py-3 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="@3xl:table-row-group grid gap-3 @3xl:divide-y">
            {rates.map((rate) => (
              <TaxRateRow key={rate.country} rate={rate} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A cell: a table cell where the content area is wide, a line of the card where it is narrow. */
const cellClass = "@3xl:table-cell block @3xl:px-4 @3xl:py-3 align-top";

function TaxRateRow({ rate }: { rate: TaxRateView }) {
  return (
    // narrow: a card with the country and the rate on its first line, then the details in small print
    <tr
      data-testid="tax-rate-row"
      className="@3xl:table-row grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-xl border bg-card/60 px-4 py-3 @3xl:border-0 @3xl:bg-transparent @3xl:p-0"
    >
      <th scope="row" className={`${cellClass} font-medium`}>
        <span className="flex items-baseline gap-2 @3xl:pt-2">
          {rate.countryName} <span className="font-mono text-muted-foreground text-xs">{rate.country}</span>
        </span>
      </th>
      <td className={cellClass}>
        <RateForm rate={rate} />
      </td>
      <td className={`${cellClass} col-span-2 mt-1 @3xl:mt-0 text-xs @3xl:text-sm`}>
        <span className="@3xl:pt-2 block">
          <CardLabel>Source</CardLabel>
          {rate.source === "admin" ? "Set by an admin" : rate.source}
        </span>
        {rate.packageNote ? (
          <span className="mt-1 flex items-start gap-1.5 text-amber-200 text-xs">
            <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
            {rate.packageNote}
          </span>
        ) : null}
      </td>
      <td className={`${cellClass} col-span-2 text-xs @3xl:text-sm`}>
        <span className="@3xl:pt-2 @3xl:block">
          <CardLabel>Last changed</CardLabel>
          {rate.changedByEmail ? (
            <span className="break-all">{rate.changedByEmail}</span>
          ) : (
            <span className="text-muted-foreground">Seeded</span>
          )}
        </span>
        <span className="@3xl:hidden text-muted-foreground"> · </span>
        <DateTime iso={rate.updatedAt} className="@3xl:block text-muted-foreground text-xs" />
      </td>
    </tr>
  );
}

const loadTaxRateFormSchema = schemaAtHand(taxRateFormSchema);

/**
 * The rate field and its Save button. The browser checks the value with the server's schema
 * before posting; the message stays under the field until the value is fixed or saved.
 */
function RateForm({ rate }: { rate: TaxRateView }) {
  const fetcher = useFetcher<typeof action>();
  // the server's refusal stays until the next answer; a saved rate clears it
  const {
    error,
    submitting: saving,
    onChange,
    onSubmit,
  } = useIntentFormError(fetcher, "save", loadTaxRateFormSchema);
  const id = useId();
  const errorId = `${id}-error`;
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(result.message);
  });
  return (
    // keyed by the stored rate: once a save is in, the field shows the rate as stored
    <fetcher.Form key={rate.rateBasisPoints} method="post" noValidate onSubmit={onSubmit} onChange={onChange}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="country" value={rate.country} />
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="sr-only">
          VAT rate for {rate.countryName}, in percent
        </label>
        <div className="relative">
          <Input
            id={id}
            name="rate"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={rateInputValue(rate.rateBasisPoints)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-24! pr-7 text-right tabular-nums"
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-muted-foreground"
            aria-hidden
          >
            %
          </span>
        </div>
        <Button type="submit" variant="outline" size="sm" disabled={saving}>
          {saving ? "Saving..." : "Save"}
          <span className="sr-only"> rate for {rate.countryName}</span>
        </Button>
      </div>
      {error ? (
        // w-0 min-w-full: the message wraps within the field and button instead of widening them
        <p id={errorId} role="alert" className="mt-1.5 w-0 min-w-full text-destructive text-xs">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
