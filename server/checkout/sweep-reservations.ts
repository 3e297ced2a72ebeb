import { and, asc, eq, lt } from "drizzle-orm";
import { order } from "../db/schema";
import type { Services } from "../services";
import { releaseOrder } from "./settle-order";
import { syncPaymentSession } from "./sync-payment";

/**
 * Releases reservations past `reserved_until` (docs/ARCHITECTURE.md#release). One without a payment
 * session (the process stopped before the page was created, FIRST_HOLD_MS in start-payment.ts) is
 * released without asking the provider, which knows nothing of it. For one with a session the provider
 * is asked first: a session paid while its webhook was lost is fulfilled, an open one is closed before
 * its stock returns. Runs at start and every minute; safe to run in several processes at once.
 */
export async function sweepExpiredReservations(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  now?: Date;
  limit?: number;
}): Promise<{ checked: number }> {
  const { services } = options;
  const now = options.now ?? new Date();
  const due = await services.db
    .select({ id: order.id, paymentSessionId: order.paymentSessionId })
    .from(order)
    .where(and(eq(order.isReserved, true), eq(order.paymentStatus, "pending"), lt(order.reservedUntil, now)))
    .orderBy(asc(order.reservedUntil))
    .limit(options.limit ?? 100);
  for (const row of due) {
    try {
      if (row.paymentSessionId) {
        await services.payments.expireSession(row.paymentSessionId);
        const { outcome } = await syncPaymentSession({ services, sessionId: row.paymentSessionId });
        // the sync settled it; one the provider still reports open (e.g. its clock is behind) is
        // released below all the same
        if (outcome !== "waiting") continue;
      }
      // "cancelled", not "retry": should a session have been created and not saved, its
      // payment still finds this order by its metadata and goes the late-payment way
      await releaseOrder({
        db: services.db,
        metrics: services.metrics,
        config: services.config,
        orderId: row.id,
        outcome: "cancelled",
        expiredBy: now,
      });
    } catch (err) {
      services.log.error({ err, orderId: row.id }, "could not release an expired reservation; will retry");
    }
  }
  return { checked: due.length };
}

/** A checkout left at the shipping step is closed after a day; it never held stock. */
const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

/**
 * Closes orders that never reached Pay (pending, nothing reserved, untouched for a day), so they
 * do not stay "pending" forever in the admin's list. They held no stock and no coupon use.
 */
export async function cancelAbandonedCheckouts(options: { db: Services["db"]; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const closed = await options.db
    .update(order)
    .set({ status: "cancelled", paymentStatus: "cancelled" })
    .where(
      and(
        eq(order.status, "pending"),
        eq(order.paymentStatus, "pending"),
        eq(order.isReserved, false),
        lt(order.updatedAt, new Date(now.getTime() - ABANDONED_CHECKOUT_MS)),
      ),
    )
    .returning({ id: order.id });
  return closed.length;
}
