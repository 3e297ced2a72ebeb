import { and, eq, exists, gt, gte, ilike, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { escapeLike } from "../db/escape-like";
import { product, productColor, productVariant } from "../db/schema";

export interface ProductFilters {
  /** Matched against name or description, case-insensitively. */
  query?: string;
  /** Compared case-insensitively. */
  category?: string;
  /** Only products with this size on sale and in stock. */
  size?: string;
  inStockOnly?: boolean;
  /** A colour's slug: only products with a size of that colour in stock (of `size`, when given). */
  color?: string;
  /** Only products whose price in force now is below their regular price. */
  onSale?: boolean;
  /** The price in force now, in cents, both ends included. */
  minCents?: number | null;
  maxCents?: number | null;
}

/** The in-stock sizes on sale a filter asks for: of one product, or of one of its colours. */
const sizeInStock = (size: string | undefined) =>
  and(
    gt(productVariant.stock, 0),
    isNull(productVariant.retiredAt),
    size ? eq(productVariant.size, size) : undefined,
  );

/**
 * The WHERE clause of the shop and the admin list. Each filter has an index: the trigram GIN
 * indexes (search), product_category_idx and product_category_price_idx (category, with the sort),
 * product_variant_in_stock_idx (size, probed per product), product_color_filter_idx then
 * product_variant_color_idx (colour, probed per product), product_on_sale_idx (on sale, newest
 * first) and product_price_idx (price range).
 *
 * A colour, like a size, counts only while it has a size in stock: a shopper who asks for black
 * wants something they can buy in black. With both, the size must be in stock in that colour.
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
  if (filters.onSale) conditions.push(lt(product.currentPriceCents, product.priceCents));
  if (typeof filters.minCents === "number") conditions.push(gte(product.currentPriceCents, filters.minCents));
  if (typeof filters.maxCents === "number") conditions.push(lte(product.currentPriceCents, filters.maxCents));
  if (filters.color)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productColor)
          .innerJoin(productVariant, eq(productVariant.colorId, productColor.id))
          .where(
            and(
              eq(productColor.productId, product.id),
              eq(productColor.slug, filters.color),
              isNull(productColor.retiredAt),
              sizeInStock(filters.size),
            ),
          ),
      ),
    );
  else if (filters.size)
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productVariant)
          .where(and(eq(productVariant.productId, product.id), sizeInStock(filters.size))),
      ),
    );
  return conditions.length > 0 ? and(...conditions) : undefined;
}
