import { count, desc } from "drizzle-orm";
import { ADMIN_PRODUCTS_PAGE_SIZE } from "../../core/validation/product-form";
import type { Database } from "../db/client";
import { type Product, product } from "../db/schema";
import { productFilters } from "./product-filters";

export interface AdminProductPage {
  products: Product[];
  total: number;
  /** 1-based, as asked (it may be past the last page). */
  page: number;
  pageCount: number;
}

/**
 * The admin's product list: newest first, 20 a page, optionally only products whose name or
 * description contains `query` (case-insensitive). Unlike the shop it keeps numbered pages and an
 * exact count (OFFSET and COUNT(*) grow with the catalog): few people use it, and an admin
 * needs the real numbers. The newest-first index and the trigram indexes serve it.
 */
export async function listAdminProducts(options: {
  db: Database;
  query?: string;
  page?: number;
}): Promise<AdminProductPage> {
  const { db } = options;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where = productFilters(db, { query: options.query });
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(product)
      .where(where)
      .orderBy(desc(product.createdAt), desc(product.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ total: count() }).from(product).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    products: rows,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PRODUCTS_PAGE_SIZE)),
  };
}
