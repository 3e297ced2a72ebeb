import { sql } from "drizzle-orm";
import { ONE_SIZE } from "../../core/product";
import type { Database } from "../db/client";

/** How the shop lists sizes: letter sizes small to large, then waist sizes, then anything else. */
const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

function sizeRank(size: string): [number, number, string] {
  const letter = SIZE_ORDER.indexOf(size.toUpperCase());
  if (letter >= 0) return [0, letter, size];
  const waist = /^W(\d+)$/i.exec(size);
  if (waist) return [1, Number(waist[1]), size];
  return [size === ONE_SIZE ? 3 : 2, 0, size];
}

export function compareSizes(a: string, b: string): number {
  const [ra, rb] = [sizeRank(a), sizeRank(b)];
  return ra[0] - rb[0] || ra[1] - rb[1] || ra[2].localeCompare(rb[2]);
}

/**
 * The sizes at least one product has in stock, for the shop's size filter. A loose index scan
 * over product_variant_in_stock_idx: one index probe per size, however many products there are.
 */
export async function listSizesInStock(options: { db: Database }): Promise<string[]> {
  // both drivers return { rows }
  const result = (await options.db.execute(sql`
    with recursive sizes as (
      (select size from product_variant where stock > 0 and retired_at is null order by size limit 1)
      union all
      select (
        select v.size from product_variant v
        where v.stock > 0 and v.retired_at is null and v.size > sizes.size
        order by v.size limit 1
      )
      from sizes where sizes.size is not null
    )
    select size from sizes where size is not null
  `)) as unknown as { rows: { size: string }[] };
  return result.rows.map((row) => row.size).sort(compareSizes);
}
