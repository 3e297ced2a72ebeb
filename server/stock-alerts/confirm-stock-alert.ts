import { and, eq, isNull, sql } from "drizzle-orm";
import { backInStockMessages } from "../../core/validation/back-in-stock";
import { AppError } from "../app-error";
import { limitAttempts } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import { productVariant, stockAlert } from "../db/schema";
import type { RequestContext } from "../http/context";
import { alertItemName, alertProductPath, hashConfirmToken, loadAlertVariants } from "./alert-variant";

/** What the confirmation page says. */
export interface ConfirmedAlert {
  /** "waiting": on the list now; "in-stock": the size came back before the link was followed. */
  outcome: "waiting" | "in-stock";
  itemName: string;
  /** The product page with the size chosen. */
  productPath: string;
}

/**
 * Follows the link of a signed-out request's confirmation e-mail (docs/BACK-IN-STOCK.md): the
 * request waits from now on, and the link stops working (only its hash was kept, and it is cleared).
 * If the size is back already, nothing is mailed: the page says so and the request is closed. The
 * size's row is share-locked as in a request, so a restock running at the same moment either sees
 * the confirmation and mails it, or is seen here. An unknown link is counted per client.
 */
export async function confirmStockAlert(
  options: Pick<RequestContext, "db" | "log" | "clientIp"> & { token: string },
): Promise<ConfirmedAlert> {
  const { db } = options;
  const confirmed = await db.transaction(async (tx) => {
    const [alert] = await tx
      .select({ id: stockAlert.id, variantId: stockAlert.variantId })
      .from(stockAlert)
      .where(
        and(eq(stockAlert.confirmTokenHash, hashConfirmToken(options.token)), isNull(stockAlert.notifiedAt)),
      );
    if (!alert) return null;
    await tx
      .select({ id: productVariant.id })
      .from(productVariant)
      .where(eq(productVariant.id, alert.variantId))
      .for("share");
    const variant = (await loadAlertVariants(tx, [alert.variantId])).get(alert.variantId);
    if (!variant) return null;
    const inStock = variant.stock > 0 && !variant.retired;
    const [updated] = await tx
      .update(stockAlert)
      .set({
        confirmedAt: sql`now()`,
        confirmTokenHash: null,
        // back already: the request is closed unmailed; the page is the alert
        ...(inStock && { notifiedAt: sql`now()` }),
      })
      .where(and(eq(stockAlert.id, alert.id), isNull(stockAlert.notifiedAt), isNull(stockAlert.confirmedAt)))
      .returning({ id: stockAlert.id });
    if (!updated) return null;
    return {
      outcome: inStock ? ("in-stock" as const) : ("waiting" as const),
      itemName: alertItemName(variant),
      productPath: alertProductPath(variant),
    };
  });
  if (!confirmed) {
    await limitAttempts({
      db,
      clientIp: options.clientIp,
      action: "stock-alert-confirm",
      rule: RATE_LIMITS.stockAlert,
    });
    throw new AppError("invalid_alert_link", backInStockMessages.invalidLink, 404);
  }
  options.log.info({ outcome: confirmed.outcome }, "stock alert confirmed");
  return confirmed;
}
