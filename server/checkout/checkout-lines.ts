import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { checkoutMessages, lineQuantityProblem, MAX_ORDER_LINES } from "../../core/checkout";
import { sizedName } from "../../core/product";
import { priceInForce } from "../../core/sale-price";
import { AppError } from "../app-error";
import type { Database, Transaction } from "../db/client";
import {
  type Product,
  type ProductColor,
  type ProductVariant,
  product,
  productColor,
  productVariant,
} from "../db/schema";

/**
 * What the browser may say about its cart: sizes (variant ids) and quantities, nothing priced.
 * The cap on one size's quantity applies after merging (priceCheckoutLines), not per line here.
 */
export const checkoutLinesSchema = z
  .array(
    z.object({
      variantId: z.uuid(),
      quantity: z.number().int().min(1),
    }),
  )
  .max(MAX_ORDER_LINES);

export type CheckoutLine = z.infer<typeof checkoutLinesSchema>[number];

/** Parses the JSON the dialog posts; lines of the same size are merged into one. */
export function parseCheckoutLines(json: string): CheckoutLine[] {
  let value: unknown;
  try {
    value = JSON.parse(json || "[]");
  } catch {
    throw new AppError("bad_lines", checkoutMessages.createOrderFailedGeneric);
  }
  const parsed = checkoutLinesSchema.safeParse(value);
  if (!parsed.success) throw new AppError("bad_lines", checkoutMessages.createOrderFailedGeneric);
  const merged = new Map<string, number>();
  for (const line of parsed.data)
    merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  if (merged.size === 0) throw new AppError("cart_empty", checkoutMessages.cartEmpty);
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}

export interface PricedCartLine {
  product: Product;
  variant: ProductVariant;
  /** The variant's colour; null for a product without colours. */
  color: ProductColor | null;
  quantity: number;
  /** The unit price charged: the price in force at `now` (a running sale's price), not the browser's. */
  priceCents: number;
}

/**
 * The cart priced from the database. Every size must still be on sale, have the stock asked for
 * now and stay within the per-order cap; the stock is only taken when the shopper pays
 * (reserve-stock.ts), from the order items these lines become.
 */
export async function priceCheckoutLines(options: {
  db: Database | Transaction;
  lines: CheckoutLine[];
  now?: Date;
}): Promise<PricedCartLine[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select({ product, variant: productVariant, color: productColor })
    .from(productVariant)
    .innerJoin(product, eq(product.id, productVariant.productId))
    .leftJoin(productColor, eq(productColor.id, productVariant.colorId))
    .where(
      and(
        inArray(
          productVariant.id,
          options.lines.map((line) => line.variantId),
        ),
        isNull(productVariant.retiredAt),
        // a retired colour's sizes are retired with it; this says so once more
        isNull(productColor.retiredAt),
      ),
    );
  const found = new Map(rows.map((row) => [row.variant.id, row]));
  return options.lines.map((line) => {
    const row = found.get(line.variantId);
    if (!row) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    const name = sizedName(row.product.name, row.variant.size, row.color?.name);
    if (line.quantity > row.variant.stock) {
      throw new AppError("not_enough_stock", checkoutMessages.notEnoughStock(name, row.variant.stock), 409);
    }
    const tooMany = lineQuantityProblem(name, line.quantity);
    if (tooMany) throw new AppError("too_many_of_one", tooMany);
    // from the sale fields at this moment: product.current_price_cents may lag a window's edge
    return { ...row, quantity: line.quantity, priceCents: priceInForce(row.product, now) };
  });
}
