import { and, eq, exists, gt, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { escapeLike } from "../db/escape-like";
import { product, productVariant } from "../db/schema";

export interface ProductFilters {
  /** Matched against name or description, case-insensitively. */
  query?: string;
  /** Compared case-insensitively. */
  category?: string;
  /** Only products with this size on sale and in stock. */
  size?: string;
  inStockOnly?: boolean;
}

/**
 * The WHERE clause of the shop and the admin list. Each filter has an index: the trigram GIN
 * indexes (search), product_category_idx and product_category_price_idx (category, with the sort),
 * product_variant_in_stock_idx (size, probed per product).
 */
export function productFilters(db: Database, filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const query = filters.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    conditions.push(or(ilike(product.name, pattern), ilike(product.description, pattern))!);
  }
  if (filters.category) conditions.push(sql`lower(${product.category}) = lower(${filters.category})`);
  if (filters.inStockOnly) conditions.push(gt(product.stock, 0));
  if (filters.size)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productVariant)
          .where(
            and(
              eq(productVariant.productId, product.id),
              eq(productVariant.size, filters.size),
              gt(productVariant.stock, 0),
              isNull(productVariant.retiredAt),
            ),
          ),
      ),
    );
  return conditions.length > 0 ? and(...conditions) : undefined;
}
