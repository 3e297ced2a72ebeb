import { and, asc, count, desc, eq, exists, gt, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { SHOP_PAGE_SIZE, type ShopSort } from "../../core/product";
import type { Database } from "../db/client";
import { product, productVariant } from "../db/schema";

export interface ProductSearch {
  /** Matched against name or description, case-insensitively. */
  query?: string;
  /** Compared case-insensitively. */
  category?: string;
  /** Only products with this size on sale and in stock. */
  size?: string;
  sort?: ShopSort;
  inStockOnly?: boolean;
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

const orderings: Record<ShopSort, SQL[]> = {
  // every ordering ends on the id so pages never overlap or skip rows
  newest: [desc(product.createdAt), desc(product.id)],
  "price-asc": [asc(product.priceCents), asc(product.id)],
  "price-desc": [desc(product.priceCents), desc(product.id)],
};

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function searchProducts(options: { db: Database } & ProductSearch) {
  const { db } = options;
  const pageSize = options.pageSize ?? SHOP_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const filters: SQL[] = [];
  const query = options.query?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    filters.push(or(ilike(product.name, pattern), ilike(product.description, pattern))!);
  }
  if (options.category) filters.push(sql`lower(${product.category}) = lower(${options.category})`);
  if (options.inStockOnly) filters.push(gt(product.stock, 0));
  if (options.size)
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productVariant)
          .where(
            and(
              eq(productVariant.productId, product.id),
              eq(productVariant.size, options.size),
              gt(productVariant.stock, 0),
              isNull(productVariant.retiredAt),
            ),
          ),
      ),
    );
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(product)
      .where(where)
      .orderBy(...orderings[options.sort ?? "newest"])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(product).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { products: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
