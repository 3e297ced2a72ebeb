import { and, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../db/client";
import { productVariant, stockAlert } from "../db/schema";
import { enqueueEmail } from "../mail/enqueue-email";
import { backInStockEmail } from "../mail/templates/back-in-stock";
import {
  absoluteUrl,
  alertItemName,
  alertProductPath,
  type BackInStockMailConfig,
  loadAlertVariants,
} from "./alert-variant";

/**
 * Mails every confirmed waiting request of the given sizes that are in stock and on sale now, once,
 * and closes it (docs/BACK-IN-STOCK.md). Call it in the transaction that put stock back (an admin's
 * save, a return received, a cancellation, a released reservation), after the stock was written:
 * the e-mails then exist exactly when the restock does.
 *
 * Exactly once: one conditional update claims the requests (`notified_at is null`); a concurrent
 * restock of the same size waits for this one's row locks, then finds them notified and claims
 * none. Requests for a size still at 0 stay waiting, so restocking again sends nothing.
 * Returns how many e-mails were queued: wake the mail queue after the commit (or let it poll).
 */
export async function sendBackInStockAlerts(
  tx: Transaction,
  options: { config: BackInStockMailConfig } & ({ variantIds: readonly string[] } | { productId: string }),
): Promise<number> {
  let scope: SQL;
  if ("productId" in options) scope = eq(productVariant.productId, options.productId);
  else if (options.variantIds.length > 0) scope = inArray(stockAlert.variantId, [...options.variantIds]);
  else return 0;
  const due = await tx
    .update(stockAlert)
    .set({ notifiedAt: sql`now()`, confirmTokenHash: null })
    .from(productVariant)
    .where(
      and(
        eq(productVariant.id, stockAlert.variantId),
        scope,
        isNotNull(stockAlert.confirmedAt),
        isNull(stockAlert.notifiedAt),
        gt(productVariant.stock, 0),
        isNull(productVariant.retiredAt),
      ),
    )
    .returning({ id: stockAlert.id, email: stockAlert.email, variantId: stockAlert.variantId });
  if (due.length === 0) return 0;
  const { config } = options;
  const variants = await loadAlertVariants(tx, [...new Set(due.map((alert) => alert.variantId))]);
  for (const alert of due) {
    const variant = variants.get(alert.variantId);
    if (!variant) continue;
    const message = backInStockEmail({
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      seller: config.seller,
      itemName: alertItemName(variant),
      productUrl: absoluteUrl(config, alertProductPath(variant)),
    });
    await enqueueEmail(tx, { kind: "back_in_stock", message: { to: alert.email, ...message } });
  }
  return due.length;
}
