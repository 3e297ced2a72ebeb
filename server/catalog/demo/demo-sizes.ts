import { ONE_SIZE } from "../../../core/product";
import type { DemoCategory, DemoProduct } from "./demo-products";

const APPAREL = ["XS", "S", "M", "L", "XL", "XXL"];
const WAIST = ["W28", "W30", "W32", "W34", "W36"];

/** The size run each demo category is sold in. */
const SIZE_RUNS: Record<DemoCategory, readonly string[]> = {
  "T-Shirts": APPAREL,
  Hoodies: APPAREL,
  Jackets: APPAREL,
  Pants: WAIST,
  Accessories: [ONE_SIZE],
};

/** How a run's middle sizes sell against its ends. */
const WEIGHTS = [1, 3, 4, 4, 2, 1];

export interface DemoSize {
  size: string;
  stock: number;
}

/**
 * A demo product's sizes, with its stock spread unevenly over them as in a shop mid-season: the
 * middle sizes hold most, one size of a well-stocked product is sold out and another is down to
 * 1-4. Deterministic: `index` (the product's place in the catalog) varies which sizes.
 */
export function demoSizes(demo: DemoProduct, index: number): DemoSize[] {
  const run = SIZE_RUNS[demo.category];
  const stocks: number[] = run.map(() => 0);
  let left = demo.stock;
  if (run.length > 1 && left > 0) {
    const soldOut = left >= 8 ? index % run.length : -1;
    let low = (index + 2) % run.length;
    if (low === soldOut) low = (low + 1) % run.length;
    stocks[low] = Math.min(left, 1 + (index % 4));
    left -= stocks[low] ?? 0;
    const others = run.map((_, position) => position).filter((p) => p !== soldOut && p !== low);
    const weight = (position: number) => WEIGHTS[position] ?? 1;
    const totalWeight = others.reduce((sum, position) => sum + weight(position), 0);
    let given = 0;
    for (const position of others) {
      const share = Math.floor((left * weight(position)) / totalWeight);
      stocks[position] = share;
      given += share;
    }
    // the rounding remainder goes to the heaviest size
    const heaviest = others.reduce((best, position) => (weight(position) > weight(best) ? position : best));
    stocks[heaviest] = (stocks[heaviest] ?? 0) + left - given;
  } else {
    stocks[0] = left;
  }
  return run.map((size, position) => ({ size, stock: stocks[position] ?? 0 }));
}
