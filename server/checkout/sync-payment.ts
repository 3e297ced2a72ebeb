import { eq } from "drizzle-orm";
import { isUuid } from "../../core/ids";
import { order } from "../db/schema";
import type { PaymentSessionState } from "../payments/payment-provider";
import type { Services } from "../services";
import { holdDelayedPayment } from "./hold-delayed-payment";
import { fulfilOrder, releaseOrder } from "./settle-order";

type SyncServices = Pick<
  Services,
  "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics"
>;

export type SyncOutcome =
  | "paid"
  | "already-settled"
  | "refunded"
  | "released"
  | "processing"
  | "waiting"
  | "unknown-order";

/**
 * The one path from a payment session to the order (docs/ARCHITECTURE.md#settlement): webhooks, the
 * success page, the test checkout and the sweeper all call it. It never trusts what it was told; it
 * re-reads the session from the provider and acts on that, so events that arrive twice or out of order
 * change nothing the second time.
 */
export async function syncPaymentSession(options: {
  services: SyncServices;
  sessionId: string;
  /** The webhook event that prompted this, when there is one. */
  eventType?: string;
}): Promise<{ outcome: SyncOutcome; orderId: string | null; session: PaymentSessionState }> {
  const { services, sessionId } = options;
  const session = await services.payments.retrieveSession(sessionId);
  const orderId = await findOrderId(services, sessionId, session.orderId);
  if (!orderId) {
    services.log.warn({ sessionId }, "payment session of no known order");
    return { outcome: "unknown-order", orderId: null, session };
  }

  const isPaid = session.paymentStatus === "paid" || session.paymentStatus === "no_payment_required";
  if (session.status === "complete" && isPaid) {
    return { outcome: await fulfilOrder({ services, orderId, session }), orderId, session };
  }
  if (session.status === "expired") {
    const released = await releaseOrder({
      db: services.db,
      metrics: services.metrics,
      config: services.config,
      orderId,
      outcome: "cancelled",
      sessionId,
    });
    return { outcome: released ? "released" : "already-settled", orderId, session };
  }
  // a delayed method (e.g. a bank debit) that failed after the session completed unpaid; the event
  // alone also counts, for a provider whose session does not say it yet
  const hasFailed =
    session.paymentStatus === "failed" || options.eventType === "checkout.session.async_payment_failed";
  if (session.status === "complete" && hasFailed) {
    const released = await releaseOrder({
      db: services.db,
      metrics: services.metrics,
      config: services.config,
      orderId,
      outcome: "failed",
      sessionId,
    });
    return { outcome: released ? "released" : "already-settled", orderId, session };
  }
  // completed unpaid: the bank has the debit; the order holds its stock until it answers
  if (session.status === "complete") {
    const held = await holdDelayedPayment({ services, orderId, session });
    return { outcome: held ? "processing" : "already-settled", orderId, session };
  }
  return { outcome: "waiting", orderId, session };
}

/**
 * The order a session belongs to: by its stored session id, or by the order id the session
 * carries in its metadata (the process may have stopped between creating the session and
 * saving its id, or the order has replaced the page since). Whether that page may still pay or
 * release the order is decided under the order's lock (fulfilOrder, releaseOrder).
 */
async function findOrderId(services: SyncServices, sessionId: string, metadataOrderId: string | null) {
  const [bySession] = await services.db
    .select({ id: order.id })
    .from(order)
    .where(eq(order.paymentSessionId, sessionId));
  if (bySession) return bySession.id;
  if (!metadataOrderId || !isUuid(metadataOrderId)) return null;
  const [byMetadata] = await services.db
    .select({ id: order.id })
    .from(order)
    .where(eq(order.id, metadataOrderId));
  return byMetadata?.id ?? null;
}
