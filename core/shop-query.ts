import { MAX_SEARCH_LENGTH, readPageNumber, readSearchText } from "./list-query";
import { parseAmountToCents } from "./money";
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
  /** A colour's slug ("black"): only products with a size of that colour in stock. */
  color: string;
  /** Only products whose price in force now is below their regular price. */
  onSale: boolean;
  /** The price range in cents, both ends included; null leaves that end open. */
  minCents: number | null;
  maxCents: number | null;
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

/** A colour's URL name, as product_color.slug allows it. */
const COLOR_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_COLOR_SLUG = 40;
/** Prices stop below $10,000,000 (core/validation/product-form.ts). */
const MAX_PRICE_CENTS = 999_999_999;

function readColor(raw: string | null): string {
  const slug = (raw ?? "").trim().toLowerCase();
  return slug.length <= MAX_COLOR_SLUG && COLOR_SLUG.test(slug) ? slug : "";
}

/** `min=20`, `max=79.50`: the store's currency in major units; anything else leaves that end open. */
function readPrice(raw: string | null): number | null {
  const cents = parseAmountToCents(raw ?? "");
  return cents !== null && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 2000 → "20", 7950 → "79.50": how a price range end is written in the URL. */
export function priceParam(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Reads the shop's state from the URL; anything odd falls back to the default instead of failing. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const sortParam = params.get("sort");
  const sort = sortParam && Object.hasOwn(SHOP_SORTS, sortParam) ? (sortParam as ShopSort) : "newest";
  const cursor = parseCursor(params, sort);
  const firstPage = cursor ? 2 : 1; // a page reached through a cursor is never the first
  let minCents = readPrice(params.get("min"));
  let maxCents = readPrice(params.get("max"));
  // a range given upside down means the same range
  if (minCents !== null && maxCents !== null && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  return {
    q: readSearchText(params.get("q")),
    category: (params.get("category") ?? "").trim().toLowerCase().slice(0, MAX_SEARCH_LENGTH),
    size: (params.get("size") ?? "").trim().slice(0, 20),
    color: readColor(params.get("color")),
    onSale: params.get("sale") === "1",
    // 0 as the lowest price is no limit at all
    minCents: minCents || null,
    maxCents,
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
  if (query.color) params.set("color", query.color);
  if (query.onSale) params.set("sale", "1");
  if (query.minCents) params.set("min", priceParam(query.minCents));
  if (query.maxCents !== null && query.maxCents !== undefined) params.set("max", priceParam(query.maxCents));
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.inStockOnly) params.set("stock", "in");
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.cursor) params.set(query.cursor.direction, `${query.cursor.key}_${query.cursor.id}`);
  const search = params.toString();
  return search ? `?${search}` : "";
}
