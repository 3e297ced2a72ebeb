import { eq, sql } from "drizzle-orm";
import { isProductId } from "../../core/product";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { product } from "../db/schema";

const productById = preparedPerDatabase((db) =>
  db
    .select()
    .from(product)
    .where(eq(product.id, sql.placeholder("id")))
    .limit(1)
    .prepare("product_by_id"),
);

/** The product, or null when the id is unknown or not an id at all. */
export async function getProduct(options: { db: Database; id: string }) {
  if (!isProductId(options.id)) return null;
  const [row] = await productById(options.db).execute({ id: options.id });
  return row ?? null;
}
