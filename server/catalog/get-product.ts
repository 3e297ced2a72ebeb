import { eq } from "drizzle-orm";
import { isProductId } from "../../core/product";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/** The product, or null when the id is unknown or not an id at all. */
export async function getProduct(options: { db: Database; id: string }) {
  if (!isProductId(options.id)) return null;
  const [row] = await options.db.select().from(product).where(eq(product.id, options.id)).limit(1);
  return row ?? null;
}
