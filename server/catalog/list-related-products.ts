import { and, desc, ne, sql } from "drizzle-orm";
import { RELATED_LIMIT } from "../../core/product";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { type Product, product } from "../db/schema";
import { productWithCardImages } from "./card-images";

const relatedProducts = preparedPerDatabase((db) =>
  db
    .select(productWithCardImages)
    .from(product)
    .where(
      and(
        sql`lower(${product.category}) = lower(${sql.placeholder("category")})`,
        ne(product.id, sql.placeholder("id")),
      ),
    )
    .orderBy(desc(product.createdAt), desc(product.id))
    .limit(sql.placeholder("limit"))
    .prepare("related_products"),
);

/** Other products of the same category (compared case-insensitively), newest first, with their card images. */
export async function listRelatedProducts(options: {
  db: Database;
  product: Pick<Product, "id" | "category">;
  limit?: number;
}) {
  const { category, id } = options.product;
  if (!category) return [];
  return relatedProducts(options.db).execute({ category, id, limit: options.limit ?? RELATED_LIMIT });
}
