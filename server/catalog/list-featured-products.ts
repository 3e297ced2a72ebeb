import { desc, eq } from "drizzle-orm";
import { FEATURED_LIMIT } from "../../core/product";
import type { Database } from "../db/client";
import { product } from "../db/schema";
import { productWithCardImages } from "./card-images";

/** The featured products, newest first, with their card images. */
export function listFeaturedProducts(options: { db: Database; limit?: number }) {
  return options.db
    .select(productWithCardImages)
    .from(product)
    .where(eq(product.featured, true))
    .orderBy(desc(product.createdAt), desc(product.id))
    .limit(options.limit ?? FEATURED_LIMIT);
}
