import { SHOP_SORTS, type ShopSort } from "./product";

export interface ShopQuery {
  q: string;
  category: string;
  /** A size label ("M"): only products with that size in stock. */
  size: string;
  sort: ShopSort;
  inStockOnly: boolean;
  page: number;
}

const MAX_QUERY_LENGTH = 100;

/** Reads the shop's state from the URL; anything odd falls back to the default instead of failing. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  const sort = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    category: (params.get("category") ?? "").trim().toLowerCase().slice(0, MAX_QUERY_LENGTH),
    size: (params.get("size") ?? "").trim().slice(0, 20),
    sort: sort && Object.hasOwn(SHOP_SORTS, sort) ? (sort as ShopSort) : "newest",
    inStockOnly: params.get("stock") === "in",
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
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
  const search = params.toString();
  return search ? `?${search}` : "";
}
