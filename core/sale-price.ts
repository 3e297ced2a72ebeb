// Sale prices (markdowns) and the EU's 30-day lowest prior price (docs/PRICING.md#sale-prices).
//
// A product's price settings are its regular price and an optional sale: a sale price with an
// optional window [saleStartsAt, saleEndsAt). Every save that changes any of the four records a row
// of price history (product_price_change) holding all four and when they were saved (changedAt).
// From the rows alone follows the price in force at any instant, a piecewise-constant function of
// time: a row's settings apply from its changedAt until the next row's, and within them the sale
// price applies inside its window, the regular price outside it.
//
// The reduction in force at `now` is announced with the lowest price in force at any moment of the
// 30 days before it started (Art. 6a of Directive 98/6/EC, as amended by Directive 2019/2161). It
// "started" at the beginning of the uninterrupted markdown that contains `now`: the longest period
// ending at `now` during which, at every instant, the price in force was below the regular price in
// force at that instant. A sale whose price is lowered in steps, or that is replaced by another sale
// with no instant at the regular price in between (one window ending exactly where the next
// begins), is one markdown and keeps the figure of its first step: the directive's progressive
// reduction. Any instant at the regular price (a gap between two windows, a removed sale) ends it.

const DAY_MS = 86_400_000;
/** The directive's period: the lowest price of the 30 days before a reduction. */
export const LOWEST_PRIOR_PRICE_DAYS = 30;
const LOOKBACK_MS = LOWEST_PRIOR_PRICE_DAYS * DAY_MS;

/** A product's price settings as saved: what the product row and each history row hold. */
export interface PriceSettings {
  /** The regular price. */
  priceCents: number;
  salePriceCents: number | null;
  /** null: from when the settings were saved. */
  saleStartsAt: Date | null;
  /** null: until the settings change. */
  saleEndsAt: Date | null;
}

/** One row of a product's price history: the settings saved at `changedAt`. */
export interface PriceChange extends PriceSettings {
  changedAt: Date;
}

/** Whether the settings' sale price applies at `at`: [saleStartsAt ?? -∞, saleEndsAt ?? +∞). */
function saleOpenAt(settings: PriceSettings, at: Date): boolean {
  return (
    settings.salePriceCents !== null &&
    (settings.saleStartsAt === null || settings.saleStartsAt.getTime() <= at.getTime()) &&
    (settings.saleEndsAt === null || settings.saleEndsAt.getTime() > at.getTime())
  );
}

/**
 * The price a shopper pays at `at` under the product's current settings: the sale price inside its
 * window, else the regular price. The database's trigger product_current_price
 * (drizzle/0019_merchandising.sql) keeps product.current_price_cents by the same rule.
 */
export function priceInForce(settings: PriceSettings, at: Date): number {
  return saleOpenAt(settings, at) && settings.salePriceCents !== null
    ? settings.salePriceCents
    : settings.priceCents;
}

/** A stretch of time [from, to) with one price in force and one regular price, in epoch ms. */
interface PriceSegment {
  from: number;
  to: number;
  priceCents: number;
  regularPriceCents: number;
}

const isMarkdown = (segment: PriceSegment) => segment.priceCents < segment.regularPriceCents;

/** The rows in the order they took effect; rows saved at the same instant keep their order (the last wins). */
function inOrder(history: readonly PriceChange[]): PriceChange[] {
  return history
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.changedAt.getTime() - b.row.changedAt.getTime() || a.index - b.index)
    .map(({ row }) => row);
}

/**
 * The price in force over time, from the first row on, as consecutive segments that tile
 * [first changedAt, +∞): each row's span is cut at its sale window's edges.
 */
function priceSegments(history: readonly PriceChange[]): PriceSegment[] {
  const rows = inOrder(history);
  const segments: PriceSegment[] = [];
  rows.forEach((row, index) => {
    const from = row.changedAt.getTime();
    const to = rows[index + 1]?.changedAt.getTime() ?? Number.POSITIVE_INFINITY;
    if (to <= from) return; // replaced at the instant it was saved
    const cuts = [from, to];
    for (const edge of [row.saleStartsAt, row.saleEndsAt]) {
      const time = edge?.getTime();
      if (time !== undefined && time > from && time < to) cuts.push(time);
    }
    cuts.sort((a, b) => a - b);
    for (let cut = 0; cut < cuts.length - 1; cut++) {
      const start = cuts[cut]!;
      const end = cuts[cut + 1]!;
      if (end <= start) continue;
      const priceCents = priceInForce(row, new Date(start));
      const last = segments.at(-1);
      // neighbours with the same prices are one segment
      if (
        last &&
        last.to === start &&
        last.priceCents === priceCents &&
        last.regularPriceCents === row.priceCents
      )
        last.to = end;
      else segments.push({ from: start, to: end, priceCents, regularPriceCents: row.priceCents });
    }
  });
  return segments;
}

/** A reduction in force: what the shop announces beside the sale price. */
export interface Reduction {
  /** The price in force now (the sale price). */
  priceCents: number;
  /** The regular price in force now, shown struck through. */
  regularPriceCents: number;
  /** When the uninterrupted markdown containing `now` began. */
  startedAt: Date;
  /** The lowest price in force in the 30 days before startedAt (see lowestPriorPrice). */
  lowestPriorPriceCents: number;
}

/**
 * The reduction in force at `now` according to the price history, or null when the price in force
 * is the regular price (or the history has no row yet at `now`).
 *
 * The figure is the minimum of the prices in force at every instant of [startedAt − 30 days,
 * startedAt). When the history began less than 30 days before startedAt, the window starts at the
 * first row instead (the lowest price since the product was listed). When the product was listed
 * already reduced (startedAt is its first row), no earlier price exists: the figure is the price of
 * the reduction's first step, so no greater saving is ever claimed than was ever given.
 */
export function reductionAt(history: readonly PriceChange[], now: Date): Reduction | null {
  const segments = priceSegments(history);
  const at = now.getTime();
  let current = segments.findIndex((segment) => segment.from <= at && at < segment.to);
  if (current < 0 || !isMarkdown(segments[current]!)) return null;
  const { priceCents, regularPriceCents } = segments[current]!;
  // segments tile time without gaps: walk back while every one is a markdown
  while (current > 0 && isMarkdown(segments[current - 1]!)) current--;
  const start = segments[current]!.from;
  const windowFrom = Math.max(start - LOOKBACK_MS, segments[0]!.from);
  const prior = segments.filter((segment) => segment.to > windowFrom && segment.from < start);
  const lowestPriorPriceCents =
    prior.length > 0
      ? Math.min(...prior.map((segment) => segment.priceCents))
      : segments[current]!.priceCents;
  return { priceCents, regularPriceCents, startedAt: new Date(start), lowestPriorPriceCents };
}
