import { and, asc, type Column, desc, type SQL, sql } from "drizzle-orm";
import { SHOP_PAGE_SIZE, type ShopSort } from "../../core/product";
import type { ShopCursor } from "../../core/shop-query";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import {
  EXACT_COUNT_LIMIT,
  estimateListing,
  estimateProducts,
  type ProductCount,
  roundEstimate,
} from "./estimate-products";
import { type ProductFilters, productFilters } from "./product-filters";

export interface ShopSearch extends ProductFilters {
  sort?: ShopSort;
  /** Where the page starts; none for the first page. */
  cursor?: ShopCursor | null;
  /** The page's number as the shopper sees it (1 without a cursor). */
  page?: number;
  pageSize?: number;
  /** Counted exactly while the planner expects at most this many products (1,000). */
  exactCountUpTo?: number;
}

/** A page to link to: page 1 has no cursor, so its address stays the plain listing's. */
export interface ShopPageLink {
  page: number;
  cursor: ShopCursor | null;
}

interface SortOrder {
  column: "createdAt" | "currentPriceCents";
  descending: boolean;
  /** The cursor's key for a row, as text: exact, so no row is skipped or shown twice. */
  key: SQL;
  /** The column's value back from a cursor's key. */
  fromKey: (key: string) => SQL;
}

// every ordering ends on the id so pages never overlap or skip rows; each is an index's order
// (product_newest_idx, product_price_idx, and per category product_category_idx and
// product_category_price_idx; on sale, product_on_sale_idx), so a page reads its 25 rows and
// stops. The price sorts follow the price in force now (a sale price while it runs).
const sortOrders: Record<ShopSort, SortOrder> = {
  newest: {
    column: "createdAt",
    descending: true,
    // microseconds: a JavaScript Date would round PostgreSQL's timestamps to milliseconds
    key: sql`(extract(epoch from ${product.createdAt}) * 1000000)::bigint::text`,
    fromKey: (key) => sql`timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond'`,
  },
  "price-asc": {
    column: "currentPriceCents",
    descending: false,
    key: sql`${product.currentPriceCents}::text`,
    fromKey: (key) => sql`${key}::integer`,
  },
  "price-desc": {
    column: "currentPriceCents",
    descending: true,
    key: sql`${product.currentPriceCents}::text`,
    fromKey: (key) => sql`${key}::integer`,
  },
};

/** What a card shows (the first image only), and the row's cursor key. */
const cardFields = (order: SortOrder) => ({
  id: product.id,
  name: product.name,
  priceCents: product.priceCents,
  currentPriceCents: product.currentPriceCents,
  // whether the card's pricing needs the price history (loadProductPricing)
  salePriceCents: product.salePriceCents,
  stock: product.stock,
  category: product.category,
  images: sql<string[]>`${product.images}[1:1]`.as("images"),
  sortKey: sql<string>`${order.key}`.as("sort_key"),
});

type PageSource = { id: Column; createdAt: Column; currentPriceCents: Column };

/** From the cursor on, in the listing's order, one more row than a page; reversed before a cursor. */
function pageOf(source: PageSource, order: SortOrder, cursor: ShopCursor | null, pageSize: number) {
  // reading backwards (the page before a cursor) walks the same index the other way
  const descending = order.descending !== (cursor?.direction === "before");
  const direction = descending ? desc : asc;
  const column = source[order.column];
  return {
    where: cursor
      ? sql`(${column}, ${source.id}) ${sql.raw(descending ? "<" : ">")} (${order.fromKey(cursor.key)}, ${cursor.id}::uuid)`
      : undefined,
    orderBy: [direction(column), direction(source.id)],
    // one more than a page says whether another page follows
    limit: pageSize + 1,
  };
}

interface PageRead {
  db: Database;
  where: SQL | undefined;
  order: SortOrder;
  cursor: ShopCursor | null;
  pageSize: number;
}

/** The page's rows, read along the sort's index from the cursor. */
function readPage({ db, where, order, cursor, pageSize }: PageRead) {
  const page = pageOf(product, order, cursor, pageSize);
  return db
    .select(cardFields(order))
    .from(product)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/**
 * The page's rows and the listing's total from one scan of its first `upTo` + 1 products in
 * order, where a separate count would repeat the scan (often a trigram index's, the costly part
 * of a search). The total is null when no row came back.
 */
async function readCountedPage({ upTo, ...read }: PageRead & { upTo: number }) {
  const { db, where, order, cursor, pageSize } = read;
  const found = db
    .select({ ...cardFields(order), createdAt: product.createdAt })
    .from(product)
    .where(where)
    .orderBy(...pageOf(product, order, null, pageSize).orderBy)
    .limit(upTo + 1)
    .as("found");
  const counted = db
    .select({ ...found._.selectedFields, total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
    .from(found)
    .as("counted");
  const page = pageOf(counted, order, cursor, pageSize);
  const rows = await db
    .select({
      id: counted.id,
      name: counted.name,
      priceCents: counted.priceCents,
      currentPriceCents: counted.currentPriceCents,
      salePriceCents: counted.salePriceCents,
      stock: counted.stock,
      category: counted.category,
      images: counted.images,
      sortKey: counted.sortKey,
      total: counted.total,
    })
    .from(counted)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? null };
}

/**
 * One page of the shop: the products a card shows, in the sort's order, the pages before and after
 * it, and how many products the listing has (docs/PERFORMANCE.md, "Catalog queries at scale").
 *
 * Keyset pagination: a page starts after (or before) the cursor's row, so page 4,000 reads as few
 * rows as page 1. The count is exact while the planner expects at most `exactCountUpTo` products,
 * and the planner's estimate beyond.
 */
export async function searchProducts(options: { db: Database } & ShopSearch) {
  const { db } = options;
  const pageSize = options.pageSize ?? SHOP_PAGE_SIZE;
  const exactUpTo = options.exactCountUpTo ?? EXACT_COUNT_LIMIT;
  const cursor = options.cursor ?? null;
  const page = cursor ? Math.max(2, options.page ?? 2) : 1;
  const read: PageRead = {
    db,
    where: productFilters(db, options),
    order: sortOrders[options.sort ?? "newest"],
    cursor,
    pageSize,
  };
  const estimate = options.onSale ? await estimateListing(db, options) : await estimateProducts(read);

  let rows: Awaited<ReturnType<typeof readPage>>;
  let count: ProductCount;
  if (estimate > exactUpTo) {
    rows = await readPage(read);
    count = { kind: "about", value: roundEstimate(estimate) };
  } else {
    const counted = await readCountedPage({ ...read, upTo: exactUpTo });
    // no row, no total: nothing matches, or (past a cursor) the page lies beyond the products read
    const total = counted.total ?? (cursor ? exactUpTo + 1 : 0);
    if (total <= exactUpTo) {
      rows = counted.rows;
      count = { kind: "exact", value: total };
    } else {
      // more than the planner expected: "1,000+"; page 1 is among the products read, a later
      // page may lie beyond them
      rows = cursor ? await readPage(read) : counted.rows;
      count = { kind: "at-least", value: exactUpTo };
    }
  }

  const hasMore = rows.length > pageSize;
  const backwards = cursor?.direction === "before";
  const products = backwards ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
  // a first page that ends is the whole count, whatever the statistics expected
  if (!cursor && !hasMore) count = { kind: "exact", value: products.length };
  const first = products[0];
  const last = products.at(-1);
  // a "before" cursor with nothing before it: the list changed, and this is its start
  const isFirstPage = page === 1 || (backwards && !hasMore);
  const previous: ShopPageLink | null = isFirstPage
    ? null
    : page === 2 || !first
      ? { page: 1, cursor: null }
      : { page: page - 1, cursor: { direction: "before", key: first.sortKey, id: first.id } };
  const next: ShopPageLink | null =
    last && (backwards || hasMore)
      ? { page: page + 1, cursor: { direction: "after", key: last.sortKey, id: last.id } }
      : null;
  return {
    products,
    count,
    page,
    /** Known when the count is exact. */
    pageCount: count.kind === "exact" ? Math.max(1, Math.ceil(count.value / pageSize)) : null,
    /** Null on page 1, and for a "before" cursor with nothing before it (the list changed). */
    previous,
    next,
  };
}
