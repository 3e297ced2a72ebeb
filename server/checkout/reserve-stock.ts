import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { checkoutMessages } from "../../core/checkout";
import { sizedName } from "../../core/product";
import { AppError } from "../app-error";
import type { Transaction } from "../db/client";
import { coupon, product, productVariant } from "../db/schema";
import type { BackInStockMailConfig } from "../stock-alerts/alert-variant";
import { sendBackInStockAlerts } from "../stock-alerts/send-back-in-stock-alerts";

interface StockLine {
  productId: string | null;
  variantId: string | null;
  productName: string;
  size: string;
  color?: string | null;
  quantity: number;
}

/**
 * Locks the products of the lines, in id order, before any of their sizes is written: every
 * writer of sizes does the same (docs/ARCHITECTURE.md#sizes), so two carts holding the same
 * products in any order, or an admin saving one of them, cannot deadlock.
 */
async function lockProducts(tx: Transaction, lines: readonly StockLine[]): Promise<void> {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: product.id })
    .from(product)
    .where(inArray(product.id, ids))
    .orderBy(asc(product.id))
    .for("update");
}

const byVariantId = (a: StockLine, b: StockLine) => (a.variantId ?? "").localeCompare(b.variantId ?? "");

/**
 * Takes the stock of every line from its size, all or nothing (the caller's transaction rolls
 * back on the first line that cannot be served).
 */
export async function takeStock(tx: Transaction, lines: readonly StockLine[]): Promise<void> {
  await lockProducts(tx, lines);
  for (const line of [...lines].sort(byVariantId)) {
    if (!line.variantId) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    // conditional update: two buyers of the last unit cannot both succeed
    const taken = await tx
      .update(productVariant)
      .set({ stock: sql`${productVariant.stock} - ${line.quantity}` })
      .where(
        and(
          eq(productVariant.id, line.variantId),
          isNull(productVariant.retiredAt),
          gte(productVariant.stock, line.quantity),
        ),
      )
      .returning({ id: productVariant.id });
    if (taken.length > 0) continue;
    const [current] = await tx
      .select({ stock: productVariant.stock })
      .from(productVariant)
      .where(and(eq(productVariant.id, line.variantId), isNull(productVariant.retiredAt)));
    if (!current) throw new AppError("product_missing", checkoutMessages.productUnavailable, 409);
    throw new AppError(
      "not_enough_stock",
      checkoutMessages.notEnoughStock(sizedName(line.productName, line.size, line.color), current.stock),
      409,
    );
  }
}

/**
 * Puts the stock of every line back into its size (sizes deleted meanwhile are skipped), and mails
 * those waiting for a size that is back (docs/BACK-IN-STOCK.md: every way stock comes back counts,
 * a return, a cancellation or a released reservation alike). Returns how many alerts were queued;
 * the mail queue delivers them after the commit (at its next poll unless the caller wakes it).
 */
export async function returnStock(
  tx: Transaction,
  lines: readonly StockLine[],
  restock: { config: BackInStockMailConfig },
): Promise<number> {
  await lockProducts(tx, lines);
  const restocked: string[] = [];
  for (const line of [...lines].sort(byVariantId)) {
    if (!line.variantId) continue;
    await tx
      .update(productVariant)
      .set({ stock: sql`${productVariant.stock} + ${line.quantity}` })
      .where(eq(productVariant.id, line.variantId));
    if (line.quantity > 0) restocked.push(line.variantId);
  }
  return sendBackInStockAlerts(tx, { config: restock.config, variantIds: restocked });
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
