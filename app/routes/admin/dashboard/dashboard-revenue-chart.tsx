import { useId, useState } from "react";
import { useDateFormat } from "~/lib/date-format";
import { useMoney } from "~/lib/money";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";

export interface RevenueDay {
  /** UTC day, "2026-03-05". */
  day: string;
  revenueCents: number;
  paidOrders: number;
}

const PLOT_HEIGHT = 200;
const AXIS_GAP = 28;
const CHART_HEIGHT = PLOT_HEIGHT + AXIS_GAP;
/** Share of a day's slot its bar fills. */
const BAR_SHARE = 0.62;

/** Axis ticks from 0 to a round top: 4 or 5 steps of 1, 2, 2.5 or 5 x 10^n cents, at least a dollar. */
function revenueTicks(maxCents: number): number[] {
  if (maxCents <= 0) return [0, 2500, 5000, 7500, 10000];
  const rough = maxCents / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    100,
    ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude,
  );
  const top = Math.ceil(maxCents / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 1000; tick += step) ticks.push(Math.round(tick));
  return ticks;
}

const percent = (value: number) => `${value * 100}%`;

/**
 * Revenue per UTC day as an SVG bar chart. The SVG is the plot area itself, so its coordinates
 * are percentages of the real width and the text never scales; the dollar axis hangs out to the
 * left (overflow visible) into the padding of the wrapper. Screen readers get the title, a summary
 * and the table of figures below; pointer users also get a tooltip per bar.
 */
export function RevenueChart({ days, className }: { days: RevenueDay[]; className?: string }) {
  const titleId = useId();
  const descId = useId();
  const [active, setActive] = useState<number | null>(null);
  const format = useDateFormat();
  const money = useMoney();

  const slots = days.length;
  const maxCents = Math.max(0, ...days.map((day) => day.revenueCents));
  const ticks = revenueTicks(maxCents);
  const top = ticks[ticks.length - 1] ?? 1;
  const y = (cents: number) => PLOT_HEIGHT - (cents / top) * PLOT_HEIGHT;
  const totalCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const best = days.reduce<RevenueDay | null>(
    (found, day) => (day.revenueCents > (found?.revenueCents ?? 0) ? day : found),
    null,
  );
  const first = days[0];
  const last = days[slots - 1];
  const summary =
    first && last
      ? `${money(totalCents)} from ${format.dayLong(first.day)} to ${format.dayLong(last.day)} (UTC days).` +
        (best
          ? ` Best day: ${format.dayLong(best.day)} with ${money(best.revenueCents)}.`
          : " No paid orders in this period.")
      : "No data.";
  // a date under every 7th bar, counted back from today so that today is always labelled
  const labelled = (index: number) => (slots - 1 - index) % 7 === 0;
  const activeDay = active === null ? undefined : days[active];

  return (
    <div className={cn("pl-16", className)}>
      <div className="relative" onPointerLeave={() => setActive(null)}>
        <svg
          width="100%"
          height={CHART_HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="block overflow-visible"
        >
          {/* one string: React renders a <title> with several text children differently on each side */}
          <title id={titleId}>{`Revenue per day, last ${slots} days (UTC)`}</title>
          <desc id={descId}>{summary}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1="0"
                x2="100%"
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? "stroke-muted-foreground/60" : "stroke-border"}
                strokeDasharray={tick === 0 ? undefined : "3 4"}
                shapeRendering="crispEdges"
              />
              <text
                x={-10}
                y={y(tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-muted-foreground text-[11px] tabular-nums"
              >
                {money.short(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const slotX = index / slots;
            const isToday = index === slots - 1;
            const height = day.revenueCents > 0 ? Math.max(2, PLOT_HEIGHT - y(day.revenueCents)) : 0;
            return (
              <g key={day.day}>
                {height > 0 ? (
                  <rect
                    x={percent(slotX + ((1 - BAR_SHARE) / 2) * (1 / slots))}
                    width={percent(BAR_SHARE / slots)}
                    y={PLOT_HEIGHT - height}
                    height={height}
                    rx={2}
                    className={cn(
                      "transition-opacity motion-reduce:transition-none",
                      isToday ? "fill-accent" : "fill-accent/70",
                      active !== null && active !== index && "opacity-45",
                    )}
                  />
                ) : null}
                {labelled(index) ? (
                  <text
                    x={isToday ? "100%" : percent(slotX + 0.5 / slots)}
                    y={PLOT_HEIGHT + 18}
                    textAnchor={isToday ? "end" : "middle"}
                    className="fill-muted-foreground text-[11px]"
                  >
                    {isToday ? "Today" : format.dayShort(day.day)}
                  </text>
                ) : null}
                {/* the whole day's column answers the pointer, so thin and empty days are easy to hit */}
                <rect
                  x={percent(slotX)}
                  width={percent(1 / slots)}
                  y={0}
                  height={PLOT_HEIGHT}
                  fill="transparent"
                  onPointerEnter={() => setActive(index)}
                  onPointerDown={() => setActive(index)}
                />
              </g>
            );
          })}
        </svg>
        {totalCents === 0 ? (
          <p
            className="pointer-events-none absolute inset-x-0 top-0 flex items-center justify-center text-muted-foreground text-sm"
            style={{ height: PLOT_HEIGHT }}
            aria-hidden
          >
            <span className="rounded-md bg-card/90 px-3 py-1.5">
              No paid orders in the last {slots} days.
            </span>
          </p>
        ) : null}
        {activeDay && active !== null ? (
          <div
            className="pointer-events-none absolute z-10 w-max rounded-md border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-lg"
            style={{
              left: percent((active + 0.5) / slots),
              // above its bar, but never out of the chart (it may cover the top of a tall bar)
              top: Math.max(48, Math.min(PLOT_HEIGHT - 60, y(activeDay.revenueCents) - 8)),
              // keep the box inside the chart at both ends
              transform: `translate(${active < slots * 0.2 ? "-15%" : active > slots * 0.8 ? "-85%" : "-50%"}, -100%)`,
            }}
            aria-hidden
          >
            <div className="font-medium">{format.dayLong(activeDay.day)}</div>
            <div className="mt-0.5 text-muted-foreground">
              <span className="font-semibold text-foreground tabular-nums">
                {money(activeDay.revenueCents)}
              </span>{" "}
              · {plural(activeDay.paidOrders, "paid order")}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The chart's figures as a table, for screen readers and for anyone who wants the numbers. */
export function RevenueTable({ days }: { days: RevenueDay[] }) {
  const money = useMoney();
  const format = useDateFormat();
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Revenue per day (UTC)</caption>
      <thead>
        <tr className="border-b text-muted-foreground text-xs uppercase tracking-wider">
          <th scope="col" className="py-2 pr-4 text-left font-medium">
            Day (UTC)
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-medium">
            Paid orders
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((day) => (
          <tr key={day.day} className="border-b border-border/60 last:border-0">
            <th scope="row" className="py-1.5 pr-4 text-left font-normal">
              {format.dayLong(day.day)}
            </th>
            <td className="py-1.5 pr-4 text-right tabular-nums">{day.paidOrders}</td>
            <td className="py-1.5 text-right tabular-nums">{money(day.revenueCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
