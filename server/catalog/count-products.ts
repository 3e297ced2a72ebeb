import { count, type SQL, sql } from "drizzle-orm";
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

/** Below this the shop counts exactly; above it, it says "About n". */
const EXACT_COUNT_LIMIT = 1000;

/** Two significant digits: 3,318 → 3,300. An estimate claims no more. */
function roundEstimate(rows: number): number {
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

/**
 * Counts the products `where` selects, given the planner's `estimate`: exactly while it expects at
 * most `exactUpTo`, reading no more than `exactUpTo` + 1 of them; not at all when it expects more.
 * An exact COUNT(*) of a large result reads all of it, and even a capped one reads `exactUpTo`
 * divided by the share of matches for a search (docs/PERFORMANCE.md, "Catalog queries at scale").
 */
export async function countProducts(options: {
  db: Database;
  where: SQL | undefined;
  estimate: number;
  exactUpTo?: number;
}): Promise<ProductCount> {
  const { db, where, estimate } = options;
  const exactUpTo = options.exactUpTo ?? EXACT_COUNT_LIMIT;
  if (estimate > exactUpTo) return { kind: "about", value: roundEstimate(estimate) };
  const matches = db
    .select({ one: sql`1` })
    .from(product)
    .where(where)
    .limit(exactUpTo + 1)
    .as("matches");
  const [row] = await db.select({ total: count() }).from(matches);
  const total = row?.total ?? 0;
  return total > exactUpTo ? { kind: "at-least", value: exactUpTo } : { kind: "exact", value: total };
}
