import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LOWEST_PRIOR_PRICE_DAYS,
  type PriceChange,
  type PriceSettings,
  priceInForce,
  reductionAt,
} from "./sale-price";
import { hourAt, instants, priceHistories } from "./sale-price.arbitraries";

const WINDOW_HOURS = LOWEST_PRIOR_PRICE_DAYS * 24;

/** The brute force: the row in force at an hour (the last saved at or before it) and its prices. */
function sampleAt(history: readonly PriceChange[], hour: number) {
  const at = hourAt(hour);
  const rows = history.filter((row) => row.changedAt.getTime() <= at.getTime());
  const row = rows.at(-1);
  if (!row) return null;
  const open =
    row.salePriceCents !== null &&
    (row.saleStartsAt === null || row.saleStartsAt <= at) &&
    (row.saleEndsAt === null || row.saleEndsAt > at);
  return { price: open ? row.salePriceCents! : row.priceCents, regular: row.priceCents };
}

/** The rule restated over every hour: every breakpoint of the histories is on the hour grid. */
function referenceReduction(history: readonly PriceChange[], nowHour: number) {
  const firstHour = Math.round((history[0]!.changedAt.getTime() - hourAt(0).getTime()) / 3_600_000);
  const markdown = (hour: number) => {
    const sample = sampleAt(history, hour);
    return sample !== null && sample.price < sample.regular;
  };
  const now = sampleAt(history, nowHour);
  if (!now || now.price >= now.regular) return null;
  let start = nowHour;
  while (start - 1 >= firstHour && markdown(start - 1)) start--;
  const prices: number[] = [];
  for (let hour = Math.max(start - WINDOW_HOURS, firstHour); hour < start; hour++)
    prices.push(sampleAt(history, hour)!.price);
  return {
    priceCents: now.price,
    regularPriceCents: now.regular,
    startedAt: hourAt(start),
    lowestPriorPriceCents: prices.length > 0 ? Math.min(...prices) : sampleAt(history, start)!.price,
  };
}

const row = (hour: number, priceCents: number, sale?: Partial<PriceSettings>): PriceChange => ({
  changedAt: hourAt(hour),
  priceCents,
  salePriceCents: null,
  saleStartsAt: null,
  saleEndsAt: null,
  ...sale,
});

describe("priceInForce", () => {
  const settings = {
    priceCents: 5000,
    salePriceCents: 3500,
    saleStartsAt: hourAt(10),
    saleEndsAt: hourAt(20),
  };

  it("is the sale price inside the window [start, end) and the regular price outside it", () => {
    expect(priceInForce(settings, hourAt(9))).toBe(5000);
    expect(priceInForce(settings, hourAt(10))).toBe(3500);
    expect(priceInForce(settings, hourAt(19))).toBe(3500);
    expect(priceInForce(settings, hourAt(20))).toBe(5000);
  });

  it("an open-ended sale runs from saving until removed; no sale price is the regular price", () => {
    expect(priceInForce({ ...settings, saleStartsAt: null, saleEndsAt: null }, hourAt(0))).toBe(3500);
    expect(priceInForce({ ...settings, salePriceCents: null }, hourAt(15))).toBe(5000);
  });
});

describe("reductionAt (the 30-day lowest prior price)", () => {
  it("agrees with a brute-force sample of every hour of random histories", () => {
    fc.assert(
      fc.property(priceHistories, instants, (history, now) => {
        expect(reductionAt(history, hourAt(now))).toEqual(referenceReduction(history, now));
      }),
      { numRuns: 300 },
    );
  });

  it("is null at the regular price and before the history begins", () => {
    const history = [row(100, 5000, { salePriceCents: 4000, saleStartsAt: hourAt(200) })];
    expect(reductionAt(history, hourAt(150))).toBeNull();
    expect(reductionAt(history, hourAt(50))).toBeNull();
    expect(reductionAt(history, hourAt(200))).not.toBeNull();
  });

  it("the lowest price of the 30 days before the sale, not of older times", () => {
    const history = [
      row(0, 3000), // long ago: more than 30 days before the sale
      row(100, 6000),
      row(200 + WINDOW_HOURS - 24, 5500), // a day of 55.00 inside the window
      row(200 + WINDOW_HOURS, 5000),
      row(200 + WINDOW_HOURS + 400, 5000, { salePriceCents: 4000 }),
    ];
    const reduction = reductionAt(history, hourAt(200 + WINDOW_HOURS + 500));
    expect(reduction).toEqual({
      priceCents: 4000,
      regularPriceCents: 5000,
      startedAt: hourAt(200 + WINDOW_HOURS + 400),
      lowestPriorPriceCents: 5000,
    });
    // 30 days back from the start reaches the 60.00 period but not the 30.00 one
    const raised = [...history.slice(0, 3), row(200 + WINDOW_HOURS + 400, 7000, { salePriceCents: 4000 })];
    expect(reductionAt(raised, hourAt(200 + WINDOW_HOURS + 500))?.lowestPriorPriceCents).toBe(5500);
  });

  it("a progressive reduction keeps the figure of its first step", () => {
    fc.assert(
      fc.property(
        priceHistories,
        instants,
        fc.integer({ min: 1, max: 24 * 20 }),
        fc.integer({ min: 0, max: 100 }),
        (history, now, later, percentOff) => {
          const first = reductionAt(history, hourAt(now));
          fc.pre(first !== null);
          const current = history.filter((row) => row.changedAt <= hourAt(now)).at(-1)!;
          // the admin lowers the sale price further, the window left open from now on
          const deeper = Math.floor((first!.priceCents * (100 - percentOff)) / 100);
          const step = row(now + later, current.priceCents, {
            salePriceCents: Math.min(deeper, current.priceCents - 1),
          });
          const history2 = [...history.filter((row) => row.changedAt <= hourAt(now)), step];
          // still a markdown at every hour up to the step (the first sale's window may close before it)
          let hour = now;
          while (hour < now + later && (reductionAt(history2, hourAt(hour)) ?? null) !== null) hour++;
          fc.pre(hour === now + later);
          const second = reductionAt(history2, hourAt(now + later));
          expect(second?.startedAt).toEqual(first!.startedAt);
          expect(second?.lowestPriorPriceCents).toBe(first!.lowestPriorPriceCents);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a gap at the regular price between two sales starts a new reduction", () => {
    const history = [
      row(0, 5000),
      row(24 * 40, 5000, { salePriceCents: 3000, saleEndsAt: hourAt(24 * 45) }),
      row(24 * 46, 5000, { salePriceCents: 4000 }),
    ];
    const reduction = reductionAt(history, hourAt(24 * 47));
    expect(reduction?.startedAt).toEqual(hourAt(24 * 46));
    expect(reduction?.lowestPriorPriceCents).toBe(3000);
    // a sale replaced by another before it ended, with no hour at the regular price: one reduction
    const joined = [
      row(0, 5000),
      row(24 * 40, 5000, { salePriceCents: 3000, saleEndsAt: hourAt(24 * 45) }),
      row(24 * 44, 5000, { salePriceCents: 4000 }),
    ];
    expect(reductionAt(joined, hourAt(24 * 47))).toMatchObject({
      startedAt: hourAt(24 * 40),
      lowestPriorPriceCents: 5000,
    });
  });

  it("with less than 30 days of history, the lowest price since the first row", () => {
    fc.assert(
      fc.property(priceHistories, instants, (history, now) => {
        const reduction = reductionAt(history, hourAt(now));
        fc.pre(reduction !== null);
        const first = history[0]!.changedAt.getTime();
        const start = reduction!.startedAt.getTime();
        fc.pre(start > first && start - first < WINDOW_HOURS * 3_600_000);
        const prices: number[] = [];
        for (let time = first; time < start; time += 3_600_000)
          prices.push(
            priceInForce(history.filter((row) => row.changedAt.getTime() <= time).at(-1)!, new Date(time)),
          );
        expect(reduction!.lowestPriorPriceCents).toBe(Math.min(...prices));
      }),
    );
  });

  it("never exceeds the regular price in force just before the reduction", () => {
    fc.assert(
      fc.property(priceHistories, instants, (history, now) => {
        const reduction = reductionAt(history, hourAt(now));
        fc.pre(reduction !== null && reduction.startedAt > history[0]!.changedAt);
        const before = new Date(reduction!.startedAt.getTime() - 3_600_000);
        const row = history.filter((entry) => entry.changedAt <= before).at(-1)!;
        expect(reduction!.lowestPriorPriceCents).toBeLessThanOrEqual(row.priceCents);
        expect(reduction!.priceCents).toBeLessThan(reduction!.regularPriceCents);
      }),
    );
  });

  it("a product listed already reduced: the first step's price, no greater saving claimed", () => {
    const history = [row(0, 5000, { salePriceCents: 4000 }), row(48, 5000, { salePriceCents: 3000 })];
    expect(reductionAt(history, hourAt(72))).toMatchObject({ priceCents: 3000, lowestPriorPriceCents: 4000 });
  });
});
