import { ArrowRightIcon, HistoryIcon } from "lucide-react";
import { formatRate } from "../../../../core/tax";
import type { TaxRateChangeView } from "../../../../server/tax/list-tax-rates";
import { DateTime } from "../admin-date-time";

/** The latest rate changes, newest first: country, from → to, who and when. */
export function TaxRateHistory({ changes }: { changes: TaxRateChangeView[] }) {
  return (
    <section aria-labelledby="tax-rate-history-heading" className="rounded-xl border bg-card/60 p-4 sm:p-5">
      <h2 id="tax-rate-history-heading" className="font-semibold text-lg">
        History
      </h2>
      <p className="mt-0.5 mb-4 text-muted-foreground text-sm">
        Each change is recorded with who made it and when; the latest come first.
      </p>
      {changes.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
          <HistoryIcon className="size-8 text-muted-foreground" strokeWidth={1.4} aria-hidden />
          <p className="text-muted-foreground text-sm">No rate has been changed yet.</p>
        </div>
      ) : (
        <ol className="-mx-2 divide-y divide-border/70">
          {changes.map((change) => (
            <li
              key={change.id}
              data-testid="tax-rate-change"
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-2 py-3 text-sm"
            >
              <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-medium">
                  {change.countryName}{" "}
                  <span className="font-mono text-muted-foreground text-xs">{change.country}</span>
                </span>
                <span className="inline-flex items-center gap-1.5 tabular-nums">
                  {formatRate(change.previousBasisPoints)}
                  <ArrowRightIcon className="size-3.5 text-muted-foreground" aria-label="to" />
                  <span className="font-semibold">{formatRate(change.rateBasisPoints)}</span>
                </span>
              </span>
              <span className="text-muted-foreground text-xs">
                <span className="break-all">{change.changedByEmail}</span> ·{" "}
                <DateTime iso={change.createdAt} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
