import { sql } from "drizzle-orm";
import { isProductId } from "../../core/product";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { product } from "../db/schema";

const productsById = preparedPerDatabase((db) =>
  db
    .select()
    .from(product)
    .where(sql`${product.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("products_by_id"),
);

/** The products that still exist among `ids`; malformed ids are ignored. */
export async function listProductsById(options: { db: Database; ids: string[] }) {
  const ids = [...new Set(options.ids.filter(isProductId))].slice(0, 100);
  if (ids.length === 0) return [];
  return productsById(options.db).execute({ ids });
}
