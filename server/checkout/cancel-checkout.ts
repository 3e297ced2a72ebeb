import { and, eq, isNull } from "drizzle-orm";
import { order } from "../db/schema";
import type { Services } from "../services";
import { releaseOrder } from "./settle-order";
import { syncPaymentSession } from "./sync-payment";

/**
 * The shopper pressed Cancel on the payment page and is back in the cart: close the session so
 * it can no longer be paid, and give the stock and coupon back at once instead of in 30 minutes.
 * If the payment went through meanwhile, the order is fulfilled instead.
 */
export async function cancelCheckout(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  /** The shopper's own id; null when an admin cancels the order of a deleted account. */
  userId: string | null;
  orderId: string;
}): Promise<void> {
  const { services } = options;
  const [row] = await services.db
    .select()
    .from(order)
    .where(
      and(
        eq(order.id, options.orderId),
        options.userId === null ? isNull(order.userId) : eq(order.userId, options.userId),
      ),
    );
  if (!row || row.paymentStatus !== "pending") return;
  if (!row.paymentSessionId) {
    await releaseOrder({
      db: services.db,
      metrics: services.metrics,
      config: services.config,
      orderId: row.id,
      outcome: "cancelled",
    });
    return;
  }
  await services.payments.expireSession(row.paymentSessionId);
  await syncPaymentSession({ services, sessionId: row.paymentSessionId });
}
