import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/**
 * How many products a shop listing has: `exact`; `at-least` when there are more than `value`
 * (the counting stopped there); `about` when the planner expects many and nothing was counted.
 */
export interface ProductCount {
  kind: "exact" | "at-least" | "about";
  value: number;
}

/**
 * Up to this many the shop counts exactly; beyond, it says "About n". Counting reads the matches,
 * and a search reads this many divided by its share of matches, or its trigram index's whole
 * posting lists: past a thousand the count would cost more than the page.
 */
export const EXACT_COUNT_LIMIT = 1000;

/** Two significant digits: 3,318 → 3,300. An estimate claims no more. */
export function roundEstimate(rows: number): number {
  if (rows < 100) return Math.round(rows);
  const unit = 10 ** (Math.floor(Math.log10(rows)) - 1);
  return Math.round(rows / unit) * unit;
}

/**
 * How many products the planner expects `where` to select. Planning only: PostgreSQL's statistics
 * (pg_class.reltuples, the columns' histograms and most common values) answer in a fraction of a
 * millisecond, whatever the catalog's size.
 */
export async function estimateProducts(options: { db: Database; where: SQL | undefined }): Promise<number> {
  const query = options.db.select({ one: sql`1` }).from(product).where(options.where);
  // both drivers return { rows }, the plan as parsed JSON
  const result = (await options.db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { "QUERY PLAN": unknown }[];
  };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
  return plan[0].Plan["Plan Rows"];
}
