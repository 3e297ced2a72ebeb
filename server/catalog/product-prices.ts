import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { SaleView } from "../../core/product";
import { type PriceSettings, priceInForce, reductionAt } from "../../core/sale-price";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { type Product, product, productPriceChange } from "../db/schema";

/** What a product costs at a moment, as its views show it. */
export interface ProductPricing {
  /** The price in force: what a shopper pays. */
  priceCents: number;
  sale: SaleView | null;
}

/**
 * The price in force and the announced reduction, from the product's settings and price history
 * (docs/PRICING.md#sale-prices). A reduction is announced only when the history explains it (its
 * price in force is the settings' one); a product whose history lacks its sale is sold at the sale
 * price but shows no struck-through price, so the shop never claims a saving it cannot document.
 */
function pricingFrom(
  settings: PriceSettings,
  history: Parameters<typeof reductionAt>[0],
  now: Date,
): ProductPricing {
  const priceCents = priceInForce(settings, now);
  if (priceCents >= settings.priceCents) return { priceCents, sale: null };
  const reduction = reductionAt(history, now);
  if (
    !reduction ||
    reduction.priceCents !== priceCents ||
    reduction.regularPriceCents !== settings.priceCents
  )
    return { priceCents, sale: null };
  return {
    priceCents,
    sale: {
      regularPriceCents: settings.priceCents,
      lowestPriorPriceCents: reduction.lowestPriorPriceCents,
      endsAt: settings.saleEndsAt?.toISOString() ?? null,
    },
  };
}

const salePricing = preparedPerDatabase((db) =>
  db
    .select({
      id: product.id,
      priceCents: product.priceCents,
      salePriceCents: product.salePriceCents,
      saleStartsAt: product.saleStartsAt,
      saleEndsAt: product.saleEndsAt,
      change: {
        priceCents: productPriceChange.priceCents,
        salePriceCents: productPriceChange.salePriceCents,
        saleStartsAt: productPriceChange.saleStartsAt,
        saleEndsAt: productPriceChange.saleEndsAt,
        changedAt: productPriceChange.changedAt,
      },
    })
    .from(product)
    .leftJoin(productPriceChange, eq(productPriceChange.productId, product.id))
    .where(
      and(sql`${product.id} = any(${sql.placeholder("ids")}::uuid[])`, isNotNull(product.salePriceCents)),
    )
    .orderBy(asc(product.id), asc(productPriceChange.changedAt))
    .prepare("sale_pricing"),
);

/**
 * The pricing at `now` of the products that have a sale price (running, coming or past), in one
 * query for a whole page: their settings with their whole price history. Products without a sale
 * price cost their regular price and are missing from the map; a page of them costs no query.
 */
export async function loadProductPricing(options: {
  db: Database;
  products: readonly Pick<Product, "id" | "salePriceCents">[];
  now?: Date;
}): Promise<Map<string, ProductPricing>> {
  const now = options.now ?? new Date();
  const ids = [
    ...new Set(options.products.filter((row) => row.salePriceCents !== null).map((row) => row.id)),
  ];
  const pricing = new Map<string, ProductPricing>();
  if (ids.length === 0) return pricing;
  const rows = await salePricing(options.db).execute({ ids });
  const byProduct = new Map<
    string,
    { settings: PriceSettings; history: NonNullable<(typeof rows)[number]["change"]>[] }
  >();
  for (const { id, change, ...settings } of rows) {
    const entry = byProduct.get(id) ?? { settings, history: [] };
    if (change) entry.history.push(change);
    byProduct.set(id, entry);
  }
  for (const [id, { settings, history }] of byProduct) pricing.set(id, pricingFrom(settings, history, now));
  return pricing;
}

/** A product's pricing from the map, or its regular price when it has no sale price. */
export function pricingOf(
  pricing: ReadonlyMap<string, ProductPricing>,
  row: { id: string; priceCents: number },
): ProductPricing {
  return pricing.get(row.id) ?? { priceCents: row.priceCents, sale: null };
}
