import { MAX_SEARCH_LENGTH, readPageNumber, readSearchText } from "./list-query";
import { isProductId, SHOP_SORTS, type ShopSort } from "./product";

/**
 * Where a shop page starts (docs/PERFORMANCE.md, "Catalog queries at scale"): right after
 * ("after") or right before ("before") a product, named by its position in the sort order
 * (`key`: the arrival time in microseconds since 1970 for "newest", the price in cents for the
 * price sorts) and its id, which breaks ties. Keyset pagination: any page costs what the first does.
 */
export interface ShopCursor {
  direction: "after" | "before";
  key: string;
  id: string;
}

export interface ShopQuery {
  q: string;
  category: string;
  /** A size label ("M"): only products with that size in stock. */
  size: string;
  sort: ShopSort;
  inStockOnly: boolean;
  /** Shown to the shopper; past page 1 the cursor, not the number, says which products come. */
  page: number;
  /** Null on page 1; every other page has one. */
  cursor: ShopCursor | null;
}

const MAX_PAGE = 1_000_000;

// prices stop below $10,000,000 (core/validation/product-form.ts) and fit PostgreSQL's integer;
// an arrival time in microseconds stays below 2^53, so it travels through a double exactly
const KEY_PATTERN: Record<ShopSort, RegExp> = {
  newest: /^-?\d{1,16}$/,
  "price-asc": /^\d{1,9}$/,
  "price-desc": /^\d{1,9}$/,
};

function parseCursor(params: URLSearchParams, sort: ShopSort): ShopCursor | null {
  for (const direction of ["after", "before"] as const) {
    const value = params.get(direction);
    if (value === null) continue;
    const separator = value.lastIndexOf("_");
    const key = value.slice(0, separator);
    const id = value.slice(separator + 1).toLowerCase();
    return separator > 0 && KEY_PATTERN[sort].test(key) && isProductId(id) ? { direction, key, id } : null;
  }
  return null;
}

/** Reads the shop's state from the URL; anything odd falls back to the default instead of failing. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const sortParam = params.get("sort");
  const sort = sortParam && Object.hasOwn(SHOP_SORTS, sortParam) ? (sortParam as ShopSort) : "newest";
  const cursor = parseCursor(params, sort);
  const firstPage = cursor ? 2 : 1; // a page reached through a cursor is never the first
  return {
    q: readSearchText(params.get("q")),
    category: (params.get("category") ?? "").trim().toLowerCase().slice(0, MAX_SEARCH_LENGTH),
    size: (params.get("size") ?? "").trim().slice(0, 20),
    sort,
    inStockOnly: params.get("stock") === "in",
    page: readPageNumber(params.get("page"), MAX_PAGE, firstPage),
    cursor,
  };
}

/** The URL search string for a shop state, without defaults, so links stay short and canonical. */
export function shopQueryString(query: Partial<ShopQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.size) params.set("size", query.size);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.inStockOnly) params.set("stock", "in");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.cursor) params.set(query.cursor.direction, `${query.cursor.key}_${query.cursor.id}`);
  const search = params.toString();
  return search ? `?${search}` : "";
}
