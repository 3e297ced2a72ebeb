import { desc, eq } from "drizzle-orm";
import { FEATURED_LIMIT } from "../../core/product";
import type { Database } from "../db/client";
import { product } from "../db/schema";

export function listFeaturedProducts(options: { db: Database; limit?: number }) {
  return options.db
    .select()
    .from(product)
    .where(eq(product.featured, true))
    .orderBy(desc(product.createdAt), desc(product.id))
    .limit(options.limit ?? FEATURED_LIMIT);
}
