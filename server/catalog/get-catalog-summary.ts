import { count, sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "../../core/product";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/** Product count, low-stock and sold-out counts in one aggregate query. */
export async function getCatalogSummary(options: { db: Database }) {
  const [row] = await options.db
    .select({
      products: count(),
      lowStock:
        sql<number>`count(*) filter (where ${product.stock} > 0 and ${product.stock} < ${LOW_STOCK_THRESHOLD})`.mapWith(
          Number,
        ),
      soldOut: sql<number>`count(*) filter (where ${product.stock} = 0)`.mapWith(Number),
    })
    .from(product);
  return row ?? { products: 0, lowStock: 0, soldOut: 0 };
}
