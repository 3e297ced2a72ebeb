import { z } from "zod";
import { checkoutMessages, lineQuantityProblem, MAX_ORDER_LINES } from "../../core/checkout";
import { AppError } from "../app-error";
import { listProductsById } from "../catalog/list-products-by-id";
import type { Database, Transaction } from "../db/client";
import type { Product } from "../db/schema";

/**
 * What the browser may say about its cart: product ids and quantities, nothing priced. The cap
 * on one product's quantity applies after merging (priceCheckoutLines), not per line here.
 */
export const checkoutLinesSchema = z
  .array(
    z.object({
      productId: z.uuid(),
      quantity: z.number().int().min(1),
    }),
  )
  .max(MAX_ORDER_LINES);

export type CheckoutLine = z.infer<typeof checkoutLinesSchema>[number];

/** Parses the JSON the dialog posts; lines of the same product are merged into one. */
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
    merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  if (merged.size === 0) throw new AppError("cart_empty", checkoutMessages.cartEmpty);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export interface PricedCartLine {
  product: Product;
  quantity: number;
}

/**
 * The cart priced from the database. Every product must still exist, have the stock asked for
 * now and stay within the per-order cap; the stock is only taken when the shopper pays
 * (reserve-stock.ts), from the order items these lines become.
 */
export async function priceCheckoutLines(options: {
  db: Database | Transaction;
  lines: CheckoutLine[];
}): Promise<PricedCartLine[]> {
  const products = new Map(
    (
      await listProductsById({ db: options.db as Database, ids: options.lines.map((line) => line.productId) })
    ).map((row) => [row.id, row]),
  );
  return options.lines.map((line) => {
    const product = products.get(line.productId);
    if (!product) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    if (line.quantity > product.stock) {
      throw new AppError(
        "not_enough_stock",
        checkoutMessages.notEnoughStock(product.name, product.stock),
        409,
      );
    }
    const tooMany = lineQuantityProblem(product.name, line.quantity);
    if (tooMany) throw new AppError("too_many_of_one", tooMany);
    return { product, quantity: line.quantity };
  });
}
