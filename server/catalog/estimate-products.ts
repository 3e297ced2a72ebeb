import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import { type ProductFilters, productFilters } from "./product-filters";

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

/**
 * What PostgreSQL's statistics say of the catalog (ANALYZE, autovacuum): how many products, how
 * many on sale (the entries of the partial index product_on_sale_idx) and each colour slug's share
 * of product_color (its most common values). One read of the catalogs, no table touched.
 */
export interface CatalogStatistics {
  products: number;
  onSale: number;
  colorRows: number;
  colorShare: (slug: string) => number | null;
  /** Whether both tables have statistics (ANALYZE ran on product and product_color). */
  isAnalysed: boolean;
}

// both drivers return { rows }
type Rows<T> = { rows: T[] };

const parseArray = (text: string | null) => (text ? text.replace(/^\{|\}$/g, "").split(",") : []);

/**
 * How long a process keeps what it read of the statistics. They change only when the tables are
 * analysed (autovacuum's ANALYZE, a minute apart at the soonest), and reading pg_stats cost about
 * 2.6 ms of the database per shop request at 100,000 products.
 */
export const CATALOG_STATISTICS_TTL_MS = 60_000;

const remembered = new WeakMap<Database, { readAt: number; statistics: Promise<CatalogStatistics> }>();

/**
 * The catalog's statistics as read at most a minute ago from this database (concurrent requests
 * share one read). A read that failed, or found the tables never analysed, is not kept: the first
 * ANALYZE of a new catalog shows at once. `now` is the clock (tests move it).
 */
export function readCatalogStatistics(
  db: Database,
  now: () => number = Date.now,
): Promise<CatalogStatistics> {
  const time = now();
  const kept = remembered.get(db);
  if (kept && time - kept.readAt < CATALOG_STATISTICS_TTL_MS) return kept.statistics;
  const statistics = queryCatalogStatistics(db);
  remembered.set(db, { readAt: time, statistics });
  const forget = () => {
    if (remembered.get(db)?.statistics === statistics) remembered.delete(db);
  };
  statistics.then((read) => {
    if (!read.isAnalysed) forget();
  }, forget);
  return statistics;
}

async function queryCatalogStatistics(db: Database): Promise<CatalogStatistics> {
  const result = (await db.execute(sql`
    select
      (select reltuples from pg_class where oid = to_regclass('product'))::float8 as products,
      (select reltuples from pg_class where oid = to_regclass('product_on_sale_idx'))::float8 as "onSale",
      (select reltuples from pg_class where oid = to_regclass('product_color'))::float8 as "colorRows",
      s.most_common_vals::text as "values", s.most_common_freqs::text as "freqs",
      s.n_distinct::float8 as "distinct", s.null_frac::float8 as "nullFraction"
    from (select 1) one
    left join pg_stats s
      on s.schemaname = current_schema() and s.tablename = 'product_color' and s.attname = 'slug'
  `)) as unknown as Rows<{
    products: number | null;
    onSale: number | null;
    colorRows: number | null;
    values: string | null;
    freqs: string | null;
    distinct: number | null;
    nullFraction: number | null;
  }>;
  const row = result.rows[0];
  const colorRows = Number(row?.colorRows ?? -1);
  const values = parseArray(row?.values ?? null);
  const freqs = parseArray(row?.freqs ?? null).map(Number);
  const common = new Map(values.map((value, index) => [value, freqs[index] ?? 0]));
  // the planner's rule for a value outside the most common ones: the rest spread evenly
  const distinctRaw = Number(row?.distinct ?? 0);
  const distinct = distinctRaw < 0 ? -distinctRaw * colorRows : distinctRaw;
  const restShare = 1 - (row?.nullFraction ?? 0) - freqs.reduce((sum, freq) => sum + freq, 0);
  const rare = distinct > values.length ? Math.max(0, restShare) / (distinct - values.length) : 0;
  return {
    // reltuples is -1 until a table's first ANALYZE
    isAnalysed: Number(row?.products ?? -1) >= 0 && colorRows >= 0,
    products: Number(row?.products ?? -1),
    onSale: Number(row?.onSale ?? -1),
    colorRows,
    colorShare: (slug) => (row?.distinct == null ? null : (common.get(slug) ?? rare)),
  };
}

/**
 * How many of `base` products are on sale: the planner cannot tell (one column compared with
 * another gets a third by default), the partial index's size can. Null while the statistics are
 * missing (a table never analysed).
 */
export function estimateOnSale(base: number, stats: CatalogStatistics): number | null {
  return stats.products > 0 && stats.onSale >= 0 ? (base * stats.onSale) / stats.products : null;
}

/**
 * How many products `filters` select: the planner's estimate, except for "On sale", which it
 * cannot see: there the estimate without it times the share on sale; without statistics 0, so
 * that the caller counts (along product_on_sale_idx, a thousand at most).
 */
export async function estimateListing(db: Database, filters: ProductFilters): Promise<number> {
  if (!filters.onSale) return estimateProducts({ db, where: productFilters(db, filters) });
  const [base, stats] = await Promise.all([
    estimateProducts({ db, where: productFilters(db, { ...filters, onSale: false }) }),
    readCatalogStatistics(db),
  ]);
  return estimateOnSale(base, stats) ?? 0;
}
