import { and, asc, type Column, desc, type SQL, sql } from "drizzle-orm";
import { SHOP_PAGE_SIZE, type ShopSort } from "../../core/product";
import type { ShopCursor } from "../../core/shop-query";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import { countProducts, estimateProducts, type ProductCount } from "./count-products";
import { type ProductFilters, productFilters } from "./product-filters";

export interface ShopSearch extends ProductFilters {
  sort?: ShopSort;
  /** Where the page starts; none for the first page. */
  cursor?: ShopCursor | null;
  /** The page's number as the shopper sees it (1 without a cursor). */
  page?: number;
  pageSize?: number;
  /** Counted exactly up to this many products (countProducts). */
  exactCountUpTo?: number;
}

/** A page to link to: page 1 has no cursor, so its address stays the plain listing's. */
export interface ShopPageLink {
  page: number;
  cursor: ShopCursor | null;
}

interface SortOrder {
  column: Column;
  descending: boolean;
  /** The cursor's key for a row, as text: exact, so no row is skipped or shown twice. */
  key: SQL;
  /** The column's value back from a cursor's key. */
  fromKey: (key: string) => SQL;
}

// every ordering ends on the id so pages never overlap or skip rows; each is an index's order
// (product_newest_idx, product_price_idx, and per category product_category_idx and
// product_category_price_idx), so a page reads its 24 rows and stops
const sortOrders: Record<ShopSort, SortOrder> = {
  newest: {
    column: product.createdAt,
    descending: true,
    // microseconds: a JavaScript Date would round PostgreSQL's timestamps to milliseconds
    key: sql`(extract(epoch from ${product.createdAt}) * 1000000)::bigint::text`,
    fromKey: (key) => sql`timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond'`,
  },
  "price-asc": {
    column: product.priceCents,
    descending: false,
    key: sql`${product.priceCents}::text`,
    fromKey: (key) => sql`${key}::integer`,
  },
  "price-desc": {
    column: product.priceCents,
    descending: true,
    key: sql`${product.priceCents}::text`,
    fromKey: (key) => sql`${key}::integer`,
  },
};

/**
 * One page of the shop: the products a card shows, in the sort's order, and the pages before
 * and after it. Keyset pagination: a page starts after (or before) the cursor's row, so page 4,000
 * reads as few rows as page 1; the count is exact for small results and estimated for large ones.
 */
export async function searchProducts(options: { db: Database } & ShopSearch) {
  const { db } = options;
  const pageSize = options.pageSize ?? SHOP_PAGE_SIZE;
  const cursor = options.cursor ?? null;
  const page = cursor ? Math.max(2, options.page ?? 2) : 1;
  const order = sortOrders[options.sort ?? "newest"];
  const where = productFilters(db, options);
  // reading backwards (the page before a cursor) walks the same index the other way
  const backwards = cursor?.direction === "before";
  const descending = order.descending !== backwards;
  const direction = descending ? desc : asc;
  const keyset = cursor
    ? sql`(${order.column}, ${product.id}) ${sql.raw(descending ? "<" : ">")} (${order.fromKey(cursor.key)}, ${cursor.id}::uuid)`
    : undefined;

  const [rows, estimate] = await Promise.all([
    db
      .select({
        id: product.id,
        name: product.name,
        priceCents: product.priceCents,
        stock: product.stock,
        category: product.category,
        // the card shows the first image only
        images: sql<string[]>`${product.images}[1:1]`,
        sortKey: sql<string>`${order.key}`,
      })
      .from(product)
      .where(and(where, keyset))
      .orderBy(direction(order.column), direction(product.id))
      // one more than a page says whether another page follows
      .limit(pageSize + 1),
    estimateProducts({ db, where }),
  ]);

  const hasMore = rows.length > pageSize;
  const products = backwards ? rows.slice(0, pageSize).reverse() : rows.slice(0, pageSize);
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
  // a first page that ends is the whole count, whatever the statistics expected; a small result
  // is often found by the trigram indexes, whose scan need not run a second time to count it
  const count: ProductCount =
    !cursor && !hasMore
      ? { kind: "exact", value: products.length }
      : await countProducts({ db, where, estimate, exactUpTo: options.exactCountUpTo });
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
