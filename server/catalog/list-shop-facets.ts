import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import {
  type CatalogStatistics,
  EXACT_COUNT_LIMIT,
  estimateListing,
  estimateOnSale,
  type ProductCount,
  readCatalogStatistics,
  roundEstimate,
} from "./estimate-products";
import { type ProductFilters, productFilters } from "./product-filters";

/** A colour the shop can filter by, and how many products the shopper would get with it. */
export interface ColorFacet {
  slug: string;
  name: string;
  /** "#1a1a1a", or null: the name alone. */
  swatch: string | null;
  /** Null when neither a count nor an estimate is at hand (a large catalog never analysed). */
  count: ProductCount | null;
}

export interface ShopFacets {
  colors: ColorFacet[];
  /** How many products the "On sale" filter would leave, given the other filters. */
  onSale: ProductCount | null;
  /** The catalog's lowest and highest price in force now; null for an empty catalog. */
  prices: { minCents: number; maxCents: number } | null;
}

/** The most colours the filter lists; the rest are reached through a product's page. */
const MAX_COLORS = 60;

// both drivers return { rows }
type Rows<T> = { rows: T[] };

/**
 * The colours of the catalog, one row per slug, from a loose index scan over
 * product_color_filter_idx: one index probe per colour, however many products wear it. A slug's
 * name and swatch are those of its first product (by id), so the same slug reads the same everywhere.
 */
async function listColors(db: Database): Promise<Omit<ColorFacet, "count">[]> {
  const result = (await db.execute(sql`
    with recursive slugs as (
      (select slug, 1 as n from product_color where retired_at is null order by slug limit 1)
      union all
      select (
        select c.slug from product_color c
        where c.retired_at is null and c.slug > slugs.slug
        order by c.slug limit 1
      ), slugs.n + 1
      from slugs where slugs.slug is not null and slugs.n < ${MAX_COLORS}
    )
    select s.slug, f.name, f.swatch
    from slugs s
    cross join lateral (
      select c.name, c.swatch from product_color c
      where c.slug = s.slug and c.retired_at is null
      order by c.product_id limit 1
    ) f
    where s.slug is not null
  `)) as unknown as Rows<{ slug: string; name: string; swatch: string | null }>;
  return result.rows.sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** The catalog's price range, from both ends of product_price_idx. */
async function priceRange(db: Database): Promise<ShopFacets["prices"]> {
  const result = (await db.execute(
    sql`select min(current_price_cents)::int as "minCents", max(current_price_cents)::int as "maxCents" from product`,
  )) as unknown as Rows<{ minCents: number | null; maxCents: number | null }>;
  const row = result.rows[0];
  return row && row.minCents !== null && row.maxCents !== null
    ? { minCents: row.minCents, maxCents: row.maxCents }
    : null;
}

/**
 * The colours' counts over the listing without its colour filter, counted exactly when it has at
 * most `upTo` products (read once, `upTo` + 1 at most); null when it has more.
 */
async function countColors(db: Database, where: SQL | undefined, size: string | undefined, upTo: number) {
  const found = db
    .select({ id: product.id })
    .from(product)
    .where(where)
    .limit(upTo + 1);
  const result = (await db.execute(sql`
    with found as (${found}),
    counts as (
      select c.slug, count(*)::int as n
      from found
      join product_color c on c.product_id = found.id and c.retired_at is null
      where exists (
        select 1 from product_variant v
        where v.color_id = c.id and v.stock > 0 and v.retired_at is null
          ${size ? sql`and v.size = ${size}` : sql``}
      )
      group by c.slug
    )
    select (select count(*)::int from found) as total, (select json_agg(counts) from counts) as counts
  `)) as unknown as Rows<{ total: number; counts: { slug: string; n: number }[] | string | null }>;
  const row = result.rows[0];
  if (!row || row.total > upTo) return null;
  const counts = typeof row.counts === "string" ? JSON.parse(row.counts) : (row.counts ?? []);
  return new Map<string, number>(counts.map((entry: { slug: string; n: number }) => [entry.slug, entry.n]));
}

/** On-sale products matching `where`, counted up to `upTo` + 1. */
async function countOnSale(db: Database, where: SQL | undefined, upTo: number): Promise<ProductCount> {
  const found = db
    .select({ one: sql`1` })
    .from(product)
    .where(where)
    .limit(upTo + 1);
  const result = (await db.execute(
    sql`select count(*)::int as total from (${found}) found`,
  )) as unknown as Rows<{ total: number }>;
  const total = result.rows[0]?.total ?? 0;
  return total > upTo ? { kind: "at-least", value: upTo } : { kind: "exact", value: total };
}

const about = (value: number): ProductCount => ({ kind: "about", value: roundEstimate(value) });

/**
 * The shop's filter panel: the catalog's colours with how many products each would leave, how
 * many "On sale" would leave, each given the other active filters, and the catalog's price range
 * (docs/PERFORMANCE.md, "Catalog queries at scale").
 *
 * A count is exact while the products it is taken from (the listing without that filter) are at
 * most `exactCountUpTo`, read once; beyond, it is the planner's estimate of that listing times the
 * filter's share of the catalog in PostgreSQL's statistics, "About n" as the listing's own count
 * says. So the cost stays that of a thousand products, whatever the catalog's size.
 */
export async function listShopFacets(options: {
  db: Database;
  filters: ProductFilters;
  exactCountUpTo?: number;
}) {
  const { db, filters } = options;
  const upTo = options.exactCountUpTo ?? EXACT_COUNT_LIMIT;
  const withoutColor = productFilters(db, { ...filters, color: undefined });
  const onSaleWhere = productFilters(db, { ...filters, onSale: true });
  // without a colour or the sale chosen, both counts start from the same listing
  const sameBase = !filters.color && !filters.onSale;
  const [colors, prices, colorBase, otherBase] = await Promise.all([
    listColors(db),
    priceRange(db),
    estimateListing(db, { ...filters, color: undefined }),
    sameBase ? null : estimateListing(db, { ...filters, onSale: false }),
  ]);
  const saleBase = otherBase ?? colorBase;

  let statistics: CatalogStatistics | undefined;
  const readOnce = async () => {
    statistics ??= await readCatalogStatistics(db);
    return statistics;
  };

  let colorCounts: Map<string, number> | null = null;
  if (colors.length > 0 && colorBase <= upTo)
    colorCounts = await countColors(db, withoutColor, filters.size, upTo);
  let colorEstimates: ((slug: string) => ProductCount | null) | null = null;
  if (colors.length > 0 && !colorCounts) {
    const stats = await readOnce();
    colorEstimates = (slug) => {
      const share = stats.colorShare(slug);
      if (share === null || stats.products <= 0 || stats.colorRows < 0) return null;
      return about((colorBase * stats.colorRows * share) / stats.products);
    };
  }

  let onSale: ProductCount | null;
  if (saleBase <= upTo) onSale = await countOnSale(db, onSaleWhere, upTo);
  else {
    const stats = await readOnce();
    // few products on sale: counting them along their partial index is as cheap as estimating
    if (stats.onSale >= 0 && stats.onSale <= upTo) onSale = await countOnSale(db, onSaleWhere, upTo);
    else {
      const estimate = estimateOnSale(saleBase, stats);
      onSale = estimate === null ? null : about(estimate);
    }
  }

  return {
    colors: colors.map((color) => ({
      ...color,
      count: colorCounts
        ? { kind: "exact", value: colorCounts.get(color.slug) ?? 0 }
        : (colorEstimates?.(color.slug) ?? null),
    })),
    onSale,
    prices,
  } satisfies ShopFacets;
}
