// Two demo products on sale, with the price history that makes their "Lowest price in the last
// 30 days" worth reading (docs/PRICING.md#sale-prices). Times are relative to the seeding.
import type { NewProduct, productPriceChange } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One save of the price settings, some days before the seeding; the regular price stays. */
interface DemoPriceStep {
  daysAgo: number;
  salePriceCents: number;
  /** Negative: the sale ended that many days before the seeding. Absent: until removed. */
  saleEndsInDays?: number;
}

interface DemoMarkdown {
  /** When the product was listed at its regular price: the first row of its history. */
  listedDaysAgo: number;
  steps: DemoPriceStep[];
}

const DEMO_MARKDOWNS: Record<string, DemoMarkdown> = {
  // a weekend flash sale three weeks ago, then a markdown that runs ten more days: the flash
  // sale's price is within the 30 days before the markdown, so it is the figure shown
  "Fog Line Hoodie": {
    listedDaysAgo: 50,
    steps: [
      { daysAgo: 20, salePriceCents: 9400, saleEndsInDays: -17 },
      { daysAgo: 5, salePriceCents: 7900, saleEndsInDays: 10 },
    ],
  },
  // a progressive reduction: 30% off after 15% off keeps the figure of the first step
  "Field Olive Bomber": {
    listedDaysAgo: 45,
    steps: [
      { daysAgo: 6, salePriceCents: 19_500 },
      { daysAgo: 2, salePriceCents: 16_000 },
    ],
  },
};

type PriceRow = Omit<typeof productPriceChange.$inferInsert, "productId">;

/**
 * A demo product's price history from its listing on (one row at its creation, then its sales)
 * and the product row's fields that follow from it: its creation and its current sale.
 */
export function demoPriceHistory(
  name: string,
  priceCents: number,
  createdAt: Date,
  now: number,
): { product: Partial<NewProduct>; history: PriceRow[] } {
  const markdown = DEMO_MARKDOWNS[name];
  const listed = { priceCents, changedAt: createdAt };
  if (!markdown) return { product: {}, history: [listed] };
  const listedAt = new Date(Math.min(createdAt.getTime(), now - markdown.listedDaysAgo * DAY_MS));
  const history: PriceRow[] = [
    { priceCents, changedAt: listedAt },
    ...markdown.steps.map((step) => ({
      priceCents,
      salePriceCents: step.salePriceCents,
      saleStartsAt: null,
      saleEndsAt: step.saleEndsInDays === undefined ? null : new Date(now + step.saleEndsInDays * DAY_MS),
      changedAt: new Date(now - step.daysAgo * DAY_MS),
    })),
  ];
  const last = history.at(-1)!;
  return {
    product: {
      createdAt: listedAt,
      updatedAt: last.changedAt,
      salePriceCents: last.salePriceCents,
      saleStartsAt: last.saleStartsAt,
      saleEndsAt: last.saleEndsAt,
    },
    history,
  };
}
