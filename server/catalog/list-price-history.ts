import { desc, eq, inArray } from "drizzle-orm";
import { user } from "../db/auth-schema";
import type { Database } from "../db/client";
import { productPriceChange } from "../db/schema";

/** The most recent changes the admin's product dialog lists; the 30-day figure reads them all. */
const HISTORY_SHOWN = 20;

/** One price change as the admin sees it (instants as ISO 8601). */
export interface PriceHistoryEntry {
  changedAt: string;
  priceCents: number;
  salePriceCents: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** The admin's name, or null for the demo seed, the migration or a deleted account. */
  changedBy: string | null;
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The latest price changes of each of the products, newest first, in one query. */
export async function listPriceHistory(options: {
  db: Database;
  productIds: readonly string[];
}): Promise<Map<string, PriceHistoryEntry[]>> {
  const history = new Map<string, PriceHistoryEntry[]>();
  if (options.productIds.length === 0) return history;
  const rows = await options.db
    .select({ change: productPriceChange, changedBy: user.name })
    .from(productPriceChange)
    .leftJoin(user, eq(user.id, productPriceChange.changedBy))
    .where(inArray(productPriceChange.productId, [...options.productIds]))
    .orderBy(desc(productPriceChange.changedAt));
  for (const { change, changedBy } of rows) {
    const entries = history.get(change.productId) ?? [];
    if (entries.length >= HISTORY_SHOWN) continue;
    entries.push({
      changedAt: change.changedAt.toISOString(),
      priceCents: change.priceCents,
      salePriceCents: change.salePriceCents,
      saleStartsAt: iso(change.saleStartsAt),
      saleEndsAt: iso(change.saleEndsAt),
      changedBy,
    });
    history.set(change.productId, entries);
  }
  return history;
}
