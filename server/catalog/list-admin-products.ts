import { ADMIN_PRODUCTS_PAGE_SIZE } from "../../core/validation/product-form";
import type { Database } from "../db/client";
import type { Product } from "../db/schema";
import { searchProducts } from "./search-products";

export interface AdminProductPage {
  products: Product[];
  total: number;
  /** 1-based, as asked (it may be past the last page). */
  page: number;
  pageCount: number;
}

/**
 * The admin's product list: newest first, 20 a page, optionally only products whose name or
 * description contains `query` (case-insensitive). The shop's search serves it: the same
 * newest-first index and trigram indexes, so it stays fast at 100,000 products.
 */
export async function listAdminProducts(options: {
  db: Database;
  query?: string;
  page?: number;
}): Promise<AdminProductPage> {
  const result = await searchProducts({
    db: options.db,
    query: options.query,
    sort: "newest",
    page: options.page,
    pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
  });
  return { products: result.products, total: result.total, page: result.page, pageCount: result.pageCount };
}
