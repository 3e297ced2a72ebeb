import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { product, productColor, productVariant, stockAlert } from "../db/schema";

/** Sizes listed on the dashboard. */
const MOST_WANTED_LIMIT = 8;

export interface MostWantedSize {
  variantId: string;
  productId: string;
  productName: string;
  /** The colour's name, for a variant that has one. */
  color: string | null;
  size: string;
  stock: number;
  /** Confirmed requests waiting for it. */
  waiting: number;
}

/**
 * "Most wanted sold-out sizes" (docs/BACK-IN-STOCK.md): the sizes with the most confirmed requests
 * still waiting, most first, with their stock now. The partial index stock_alert_confirmed_idx holds
 * exactly those rows. Every restock mails and closes its size's requests, so a listed size is
 * nearly always at 0.
 */
export async function listMostWantedSizes(options: {
  db: Database;
  limit?: number;
}): Promise<MostWantedSize[]> {
  const waiting = sql<number>`count(*)::int`;
  const rows = await options.db
    .select({
      variantId: productVariant.id,
      productId: product.id,
      productName: product.name,
      color: productColor.name,
      size: productVariant.size,
      stock: productVariant.stock,
      waiting,
    })
    .from(stockAlert)
    .innerJoin(productVariant, eq(productVariant.id, stockAlert.variantId))
    .innerJoin(product, eq(product.id, productVariant.productId))
    .leftJoin(productColor, eq(productColor.id, productVariant.colorId))
    .where(
      and(isNotNull(stockAlert.confirmedAt), isNull(stockAlert.notifiedAt), isNull(productVariant.retiredAt)),
    )
    .groupBy(productVariant.id, product.id, productColor.id)
    .orderBy(desc(waiting), asc(product.name), asc(productVariant.position), asc(productVariant.id))
    .limit(options.limit ?? MOST_WANTED_LIMIT);
  return rows.map((row) => ({ ...row, waiting: Number(row.waiting) }));
}
