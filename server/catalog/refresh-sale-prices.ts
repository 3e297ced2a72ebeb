import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { product } from "../db/schema";

/**
 * Brings product.current_price_cents up to date for the products whose sale window opened or
 * closed since their row was last written (docs/PRICING.md#sale-prices). The column is kept by the
 * trigger product_current_price at each write; nothing writes a product when its window's edge
 * passes, so this job does: a no-op update makes the trigger price the row again at now(), and the
 * row trigger's NOTIFY catalog_changed drops every process's page cache. The CASE is the trigger's
 * rule (and core/sale-price.ts priceInForce). Run every minute: the shop's price sort, price
 * filter and "On sale" filter follow a window's edge within about a minute; the prices shown and
 * charged never wait for it (they are computed from the sale fields at each request).
 */
export async function refreshSalePrices(options: { db: Database }): Promise<{ repriced: number }> {
  const rows = await options.db
    .update(product)
    .set({ currentPriceCents: sql`${product.currentPriceCents}` })
    .where(
      sql`${product.currentPriceCents} <> case
        when ${product.salePriceCents} is not null
          and (${product.saleStartsAt} is null or ${product.saleStartsAt} <= now())
          and (${product.saleEndsAt} is null or ${product.saleEndsAt} > now())
        then ${product.salePriceCents}
        else ${product.priceCents}
      end`,
    )
    .returning({ id: product.id });
  return { repriced: rows.length };
}
