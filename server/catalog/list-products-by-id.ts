import { inArray } from "drizzle-orm";
import { isProductId } from "../../core/product";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/** The products that still exist among `ids`; malformed ids are ignored. */
export async function listProductsById(options: { db: Database; ids: string[] }) {
  const ids = [...new Set(options.ids.filter(isProductId))].slice(0, 100);
  if (ids.length === 0) return [];
  return options.db.select().from(product).where(inArray(product.id, ids));
}
