import { LandmarkIcon } from "lucide-react";
import { useDateFormat } from "~/lib/date-format";
import { useMoney } from "~/lib/money";
import { plural } from "~/lib/plural";
import { formatRate } from "../../../../core/tax";
import type { VatCollected } from "../../../../server/dashboard/sum-vat-collected";

/** "Jan 1 – Mar 31, Europe/Berlin": the quarter's days, and the clock they were counted by. */
export function useQuarterSpan(quarter: VatCollected["quarter"]): string {
  const format = useDateFormat();
  return `${format.dayShort(quarter.firstDay)} – ${format.dayShort(quarter.lastDay)}, ${quarter.timeZone}`;
}

const headClass = "py-2 pr-3 font-medium last:pr-0 sm:pr-4";
const cellClass = "py-2 pr-3 text-right tabular-nums last:pr-0 sm:pr-4";
/** The order count gives way on a phone, so that the amounts fit beside the country. */
const ordersClass = "hidden sm:table-cell";

/**
 * The VAT collected per country and rate, with the net sales it was charged on: the lines of the
 * One-Stop-Shop return.
 */
export function VatCollectedTable({ collected }: { collected: VatCollected }) {
  const { quarter, lines, totals } = collected;
  const money = useMoney();
  const paidOrders = lines.reduce((sum, line) => sum + line.paidOrders, 0);
  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
        <LandmarkIcon className="size-8 text-muted-foreground" strokeWidth={1.4} aria-hidden />
        <p className="text-muted-foreground text-sm">No VAT was charged in {quarter.label}.</p>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={`VAT collected in ${quarter.label}`} tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">
          VAT collected in {quarter.label} per country and rate, with the net sales
        </caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground text-xs uppercase tracking-wider">
            <th scope="col" className={headClass}>
              Country
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Rate
            </th>
            <th scope="col" className={`${headClass} ${ordersClass} text-right`}>
              Orders
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Net sales
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              VAT
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.country}-${line.rateBasisPoints}`} className="border-border/60 border-b">
              <th scope="row" className="py-2 pr-3 text-left font-normal sm:pr-4">
                {line.countryName}{" "}
                <span className="font-mono text-muted-foreground text-xs">{line.country}</span>
              </th>
              <td className={cellClass}>{formatRate(line.rateBasisPoints)}</td>
              <td className={`${cellClass} ${ordersClass}`}>
                {line.paidOrders}
                {line.refunds > 0 ? (
                  <span className="block text-muted-foreground text-xs">
                    {plural(line.refunds, "refund")}
                  </span>
                ) : null}
              </td>
              <td className={cellClass}>{money(line.netSalesCents)}</td>
              <td className={cellClass}>{money(line.vatCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left sm:pr-4">
              Total
            </th>
            <td className={`${cellClass} ${ordersClass}`}>{paidOrders}</td>
            <td className={cellClass}>{money(totals.netSalesCents)}</td>
            <td className={cellClass}>{money(totals.vatCents)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
