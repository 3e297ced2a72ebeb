import { eq } from "drizzle-orm";
import { order } from "../db/schema";
import type { PaymentSessionState } from "../payments/payment-provider";
import type { Services } from "../services";

/**
 * A payment page completed with a delayed method (SEPA Direct Debit): the shopper is done, the bank
 * answers days later (docs/PAYMENTS.md). The order becomes "processing": it keeps its stock and coupon
 * use with no expiry (reserved_until null, so the sweeper never releases it), cannot be paid again
 * or cancelled by the customer, and waits for the provider's async_payment_succeeded / _failed.
 * Returns whether this call moved it; under the order's lock, so a repeat (or a concurrent
 * webhook and success page) changes nothing.
 */
export async function holdDelayedPayment(options: {
  services: Pick<Services, "db" | "log" | "metrics">;
  orderId: string;
  session: PaymentSessionState;
}): Promise<boolean> {
  const { services, orderId, session } = options;
  const held = await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row || row.paymentStatus !== "pending") return false;
    // a page the order no longer uses, or one whose reservation is gone: its result, when it comes,
    // goes the late-payment way (settle-order.ts), which takes the stock again or refunds it
    if (row.replacedSessionIds.includes(session.id) || row.paymentSessionId !== session.id) return false;
    if (!row.isReserved) return false;
    await tx
      .update(order)
      .set({
        paymentStatus: "processing",
        reservedUntil: null,
        paymentStartedAt: row.paymentStartedAt ?? new Date(),
        paymentMethodType: session.paymentMethod?.type ?? null,
        paymentMethodLabel: session.paymentMethod?.label ?? null,
      })
      .where(eq(order.id, orderId));
    return true;
  });
  if (held) {
    services.log.info({ orderId, sessionId: session.id }, "delayed payment processing; stock held");
    services.metrics.countCheckout("payment_processing");
  }
  return held;
}
