// Random price histories for the property tests of the 30-day lowest prior price. Every instant is
// a whole hour after EPOCH, so sampling each hour sees every change of the price in force.
import fc from "fast-check";
import type { PriceChange } from "./sale-price";

const HOUR_MS = 3_600_000;
const EPOCH = Date.UTC(2026, 0, 1);
/** Histories span about four months: room for 30-day windows before and after a sale starts. */
const SPAN_HOURS = 24 * 120;

export const hourAt = (hour: number) => new Date(EPOCH + hour * HOUR_MS);

const hour = fc.integer({ min: 0, max: SPAN_HOURS });

/** A row's sale: none, or a price below the regular one with an optional window. */
const sale = (priceCents: number) =>
  fc.oneof(
    fc.constant({ salePriceCents: null, saleStartsAt: null, saleEndsAt: null }),
    fc
      .record({
        salePriceCents: fc.integer({ min: 0, max: priceCents - 1 }),
        starts: fc.option(hour, { nil: null }),
        length: fc.option(fc.integer({ min: 1, max: 24 * 40 }), { nil: null }),
      })
      .map(({ salePriceCents, starts, length }) => ({
        salePriceCents,
        saleStartsAt: starts === null ? null : hourAt(starts),
        saleEndsAt: length === null ? null : hourAt((starts ?? 0) + length),
      })),
  );

const row = fc
  .record({ changedAt: hour, priceCents: fc.integer({ min: 1, max: 20_000 }) })
  .chain(({ changedAt, priceCents }) =>
    sale(priceCents).map((terms) => ({ changedAt: hourAt(changedAt), priceCents, ...terms })),
  );

/** 1 to 10 rows in the order they were saved (equal times allowed: the later row wins). */
export const priceHistories: fc.Arbitrary<PriceChange[]> = fc
  .array(row, { minLength: 1, maxLength: 10 })
  .map((rows) => rows.sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime()));

/** An instant on the grid, up to ten days past the last possible change. */
export const instants = fc.integer({ min: 0, max: SPAN_HOURS + 240 });
