import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/**
 * The distinct categories, one spelling each, sorted. A loose index scan over
 * product_category_idx: one index probe per category, however many products there are.
 */
export async function listCategories(options: { db: Database }): Promise<string[]> {
  // both drivers return { rows }
  const result = (await options.db.execute(sql`
    with recursive keys as (
      (select lower(category) as k from product where category is not null order by lower(category) limit 1)
      union all
      select (
        select lower(category) from product
        where category is not null and lower(category) > keys.k
        order by lower(category) limit 1
      )
      from keys where keys.k is not null
    )
    select (select category from product where lower(category) = keys.k limit 1) as category
    from keys where keys.k is not null
  `)) as unknown as { rows: { category: string }[] };
  return result.rows.map((row) => row.category);
}
