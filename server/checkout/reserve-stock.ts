import { and, eq, gte, sql } from "drizzle-orm";
import { checkoutMessages } from "../../core/checkout";
import { AppError } from "../app-error";
import type { Transaction } from "../db/client";
import { coupon, product } from "../db/schema";

interface StockLine {
  productId: string | null;
  productName: string;
  quantity: number;
}

// Every caller walks the lines in product id order: two carts holding the same products in
// opposite orders lock the rows in the same order and cannot deadlock.
const byProductId = (a: StockLine, b: StockLine) => (a.productId ?? "").localeCompare(b.productId ?? "");

/**
 * Takes the stock of every line, all or nothing (the caller's transaction rolls back on the
 * first line that cannot be served).
 */
export async function takeStock(tx: Transaction, lines: readonly StockLine[]): Promise<void> {
  for (const line of [...lines].sort(byProductId)) {
    if (!line.productId) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    // conditional update: two buyers of the last unit cannot both succeed
    const taken = await tx
      .update(product)
      .set({ stock: sql`${product.stock} - ${line.quantity}` })
      .where(and(eq(product.id, line.productId), gte(product.stock, line.quantity)))
      .returning({ id: product.id });
    if (taken.length > 0) continue;
    const [current] = await tx
      .select({ stock: product.stock })
      .from(product)
      .where(eq(product.id, line.productId));
    if (!current) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    throw new AppError(
      "not_enough_stock",
      checkoutMessages.notEnoughStock(line.productName, current.stock),
      409,
    );
  }
}

/** Puts the stock of every line back (products deleted meanwhile are skipped). */
export async function returnStock(tx: Transaction, lines: readonly StockLine[]): Promise<void> {
  for (const line of [...lines].sort(byProductId)) {
    if (!line.productId) continue;
    await tx
      .update(product)
      .set({ stock: sql`${product.stock} + ${line.quantity}` })
      .where(eq(product.id, line.productId));
  }
}

/**
 * Counts one use of a coupon if it may still be used; false when it is inactive, expired or
 * used up. One conditional update, so concurrent checkouts cannot exceed the limit.
 */
export async function redeemCoupon(tx: Transaction, couponId: string, now: Date): Promise<boolean> {
  const redeemed = await tx
    .update(coupon)
    .set({ usageCount: sql`${coupon.usageCount} + 1` })
    .where(
      and(
        eq(coupon.id, couponId),
        eq(coupon.isActive, true),
        sql`(${coupon.expiresAt} is null or ${coupon.expiresAt} > ${now.toISOString()})`,
        sql`(${coupon.usageLimit} is null or ${coupon.usageCount} < ${coupon.usageLimit})`,
      ),
    )
    .returning({ id: coupon.id });
  return redeemed.length > 0;
}

/** Gives a coupon use back. */
export async function returnCoupon(tx: Transaction, couponId: string): Promise<void> {
  await tx
    .update(coupon)
    .set({ usageCount: sql`greatest(${coupon.usageCount} - 1, 0)` })
    .where(eq(coupon.id, couponId));
}
