import { and, desc, ne, sql } from "drizzle-orm";
import { RELATED_LIMIT } from "../../core/product";
import type { Database } from "../db/client";
import { type Product, product } from "../db/schema";

/** Other products of the same category (compared case-insensitively), newest first. */
export async function listRelatedProducts(options: {
  db: Database;
  product: Pick<Product, "id" | "category">;
  limit?: number;
}) {
  const { category, id } = options.product;
  if (!category) return [];
  return options.db
    .select()
    .from(product)
    .where(and(sql`lower(${product.category}) = lower(${category})`, ne(product.id, id)))
    .orderBy(desc(product.createdAt), desc(product.id))
    .limit(options.limit ?? RELATED_LIMIT);
}
