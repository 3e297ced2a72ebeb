import { eq, sql } from "drizzle-orm";
import { SHIPPING_DAYS } from "../../core/delivery";
import { formatMoney } from "../../core/money";
import { refundTaxCents } from "../../core/tax";
import { isAppError } from "../app-error";
import type { Database, Transaction } from "../db/client";
import { coupon, couponUsage, type Order, order, orderItem, receipt, refund, user } from "../db/schema";
import { issueInvoice } from "../invoices/issue-invoice";
import { enqueueEmail } from "../mail/enqueue-email";
import { orderConfirmationEmail } from "../mail/templates/order-confirmation";
import type { Metrics } from "../metrics/metrics";
import type { PaymentSessionState } from "../payments/payment-provider";
import type { Services } from "../services";
import type { BackInStockMailConfig } from "../stock-alerts/alert-variant";
import { loadOrderSummary } from "./order-summary";
import { returnCoupon, returnStock, takeStock } from "./reserve-stock";

type SettleServices = Pick<
  Services,
  "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics"
>;

export type FulfilOutcome = "paid" | "already-settled" | "refunded";

/** A payment made on a page its order no longer uses (settle-order.ts, replacedPayment). */
const replacedPaymentNote = (sessionId: string) =>
  `A payment on a payment page this order no longer used (${sessionId}) was refunded in full.`;

/**
 * Marks an order paid (docs/ARCHITECTURE.md#settlement): receipt, coupon usage and confirmation e-mail
 * (queued in the same transaction, delivered by the mail queue right after the commit).
 * Idempotent: the order row is locked and only the call that moves it from pending writes anything, so
 * a webhook replayed five times and the success page together fulfil it once. A payment for an order
 * whose reservation was already released takes the stock again; if it is gone, the order is flagged for
 * the admin and the payment refunded.
 */
export async function fulfilOrder(options: {
  services: SettleServices;
  orderId: string;
  session: PaymentSessionState;
}): Promise<FulfilOutcome> {
  const { services, orderId, session } = options;
  const { db, log } = services;

  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw new Error(`order ${orderId} of payment session ${session.id} does not exist`);
    if (isReplacedPage(row, session.id)) {
      // the order was changed (or paid) since this page was made: what it charged is not this
      // order's price, so it is given back rather than applied, and the admin sees a note
      const note = replacedPaymentNote(session.id);
      if (!row.attentionReason?.includes(note)) {
        await tx
          .update(order)
          .set({ attentionReason: row.attentionReason ? `${row.attentionReason} ${note}` : note })
          .where(eq(order.id, orderId));
      }
      return { outcome: "replaced" as const };
    }
    if (row.paymentStatus === "paid") return null;
    if (row.paymentStatus === "refunded") {
      // refunded by an admin, or a late payment whose refund is recorded: done. A late payment whose
      // refund did not go through (the provider failed after this order was flagged) is refunded
      // again on the provider's retry; the same key makes it one refund.
      const [recorded] = await tx.select({ id: refund.id }).from(refund).where(eq(refund.orderId, orderId));
      return recorded ? null : { outcome: "refunded" as const, customer: undefined, order: row };
    }

    // none once the customer deleted their account (the order is kept, detached)
    const [customer] = row.userId
      ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, row.userId))
      : [];
    const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId));
    let unavailable: string | null = null;
    if (!row.isReserved) {
      // a late payment: the reservation was released, so the stock must be taken again
      try {
        await tx.transaction((savepoint) => takeStock(savepoint, items));
        if (row.couponId) {
          // the shopper paid the discounted price: the use counts even past the limit
          await tx
            .update(coupon)
            .set({ usageCount: sql`${coupon.usageCount} + 1` })
            .where(eq(coupon.id, row.couponId));
        }
      } catch (error) {
        if (!isAppError(error)) throw error;
        unavailable = error.userMessage;
      }
    }
    const now = new Date();
    const receiptValues = {
      orderId,
      billingEmail: session.customerEmail ?? customer?.email ?? "",
      cardBrand: session.card?.brand ?? null,
      cardLast4: session.card?.last4 ?? null,
      paymentMethodType: session.paymentMethod?.type ?? null,
      paymentMethodLabel: session.paymentMethod?.label ?? null,
      amountCents: session.amountTotalCents,
      taxCents: session.amountTaxCents,
      currency: session.currency,
      providerData: session.providerData ?? null,
    };

    if (unavailable) {
      await tx
        .update(order)
        .set({
          status: "cancelled",
          paymentStatus: "refunded",
          isReserved: false,
          reservedUntil: null,
          paidAt: now,
          attentionReason: `Paid after its reservation had been released, and the stock was gone (${unavailable}). The payment was refunded.`,
        })
        .where(eq(order.id, orderId));
      await tx
        .insert(receipt)
        .values({ ...receiptValues, status: "refunded" })
        .onConflictDoNothing();
      return { outcome: "refunded" as const, customer, order: row };
    }

    const mismatch = chargeMismatch(session, row, services.config.locale);
    await tx
      .update(order)
      .set({
        status: "processing",
        paymentStatus: "paid",
        isReserved: true,
        reservedUntil: null,
        paidAt: now,
        // the page that paid it, also when it was found by its metadata
        paymentSessionId: session.id,
        paymentStartedAt: row.paymentStartedAt ?? now,
        paymentMethodType: session.paymentMethod?.type ?? row.paymentMethodType,
        paymentMethodLabel: session.paymentMethod?.label ?? row.paymentMethodLabel,
        attentionReason: mismatch,
      })
      .where(eq(order.id, orderId));
    await tx.insert(receipt).values(receiptValues).onConflictDoNothing();
    if (row.couponId) {
      await tx
        .insert(couponUsage)
        .values({ couponId: row.couponId, userId: row.userId, orderId, discountCents: row.discountCents })
        .onConflictDoNothing();
    }
    if (mismatch) log.error({ orderId, sessionId: session.id }, mismatch);
    await queueConfirmation({ tx, services, orderId, to: customer?.email, name: customer?.name });
    // last: the year's invoice counter stays locked until the commit (docs/INVOICES.md#numbering)
    await issueInvoice(tx, { orderId, config: services.config, log });
    return { outcome: "paid" as const, customer };
  });

  if (!result) return "already-settled";
  if (result.outcome === "replaced") {
    log.warn({ orderId, sessionId: session.id }, "payment on a replaced payment page: refunding it");
    await services.payments.refund({
      sessionId: session.id,
      reason: "payment page replaced by a newer checkout",
      idempotencyKey: `replaced-page-refund:${session.id}`,
    });
    services.metrics.countCheckout("replaced_payment_refunded");
    return "refunded";
  }
  if (result.outcome === "refunded") {
    log.warn(
      { orderId, sessionId: session.id },
      "late payment without stock: refunding and flagging the order",
    );
    await refundLatePayment({ services, order: result.order, sessionId: session.id });
    services.metrics.countCheckout("late_payment_refunded");
    return "refunded";
  }
  services.mailQueue.wake();
  services.metrics.countCheckout("paid");
  return "paid";
}

/**
 * Whether `sessionId` is a page the order can no longer be paid on: one it replaced, or any other
 * than its current page. An order without a page accepts the one its metadata names (the process
 * stopped between creating the page and saving it).
 */
function isReplacedPage(row: Pick<Order, "paymentSessionId" | "replacedSessionIds">, sessionId: string) {
  if (row.replacedSessionIds.includes(sessionId)) return true;
  return row.paymentSessionId !== null && row.paymentSessionId !== sessionId;
}

/**
 * What the provider charged that the order does not say, for the admin (attention_reason): the
 * total, and the VAT when the provider reports it. Null when they agree.
 */
function chargeMismatch(
  session: PaymentSessionState,
  order: { totalCents: number; taxCents: number; currency: string },
  locale: string,
): string | null {
  // the session is in the order's currency (start-payment asks for it)
  const money = (cents: number) => formatMoney(cents, { currency: order.currency, locale });
  const problems = [
    session.amountTotalCents !== order.totalCents &&
      `The provider charged ${money(session.amountTotalCents)} but the order total is ${money(order.totalCents)}.`,
    session.amountTaxCents !== null &&
      session.amountTaxCents !== order.taxCents &&
      `The provider charged ${money(session.amountTaxCents)} of VAT but the order's VAT is ${money(order.taxCents)}.`,
  ].filter(Boolean);
  return problems.length > 0 ? problems.join(" ") : null;
}

/**
 * Gives back a payment that came after its reservation was released and found the stock gone, and
 * records the refund (no admin made it). Called after the order is flagged and committed: a failure
 * here is thrown, so the provider retries its event and fulfilOrder comes back to refund again.
 */
async function refundLatePayment(options: {
  services: SettleServices;
  order: Pick<Order, "id" | "totalCents" | "taxCents">;
  sessionId: string;
}) {
  const { services, order: paid, sessionId } = options;
  const orderId = paid.id;
  const idempotencyKey = `late-payment-refund:${orderId}`;
  const given = await services.payments.refund({
    sessionId,
    reason: "stock no longer available",
    idempotencyKey,
  });
  await services.db
    .insert(refund)
    .values({
      orderId,
      amountCents: given.amountCents,
      taxCents: refundTaxCents(paid, given.amountCents),
      reason: "Paid after the reservation was released; the stock was gone",
      providerRefundId: given.id,
      idempotencyKey,
      createdBy: null,
    })
    .onConflictDoNothing({ target: refund.idempotencyKey });
}

/**
 * Queues the confirmation in the payment's transaction, so a paid order always has it. One that
 * cannot be rendered (no recipient, a template that refuses) is logged and does not undo the payment.
 */
async function queueConfirmation(options: {
  tx: Transaction;
  services: SettleServices;
  orderId: string;
  to: string | undefined;
  name: string | undefined;
}) {
  const { tx, services, orderId, to } = options;
  const summary = await loadOrderSummary({ db: tx, storage: services.storage, orderId });
  let email: ReturnType<typeof orderConfirmationEmail>;
  try {
    if (!summary || !to) throw new Error("no order summary or recipient");
    email = orderConfirmationEmail({
      storeName: services.config.storeName,
      publicUrl: services.config.publicUrl,
      seller: services.config.seller,
      name: options.name,
      order: summary,
      locale: services.config.locale,
      shippingDays: SHIPPING_DAYS,
    });
  } catch (err) {
    services.log.error({ err, orderId }, "order confirmation e-mail not sent");
    return;
  }
  await enqueueEmail(tx, {
    kind: "order_confirmation",
    message: { to, ...email },
    // the invoice issued in this transaction, as a PDF (docs/INVOICES.md#e-mail)
    attachments: [{ kind: "invoice", orderId }],
  });
}

export type ReleaseOutcome = "cancelled" | "failed" | "retry";

/**
 * Gives back what a pending order holds: its stock and its coupon use (docs/ARCHITECTURE.md#release).
 * "cancelled" (expired or abandoned) and "failed" close the order; "retry" keeps it pending so
 * the shopper can press Pay again (the payment page could not be created). A no-op for an order
 * that is no longer pending (or, for "failed", processing), so it is safe to call twice.
 */
export async function releaseOrder(options: {
  db: Database;
  /** Counts a closed order ("released", or "payment_failed"); a retry keeps the checkout going. */
  metrics: Pick<Metrics, "countCheckout">;
  /** Stock given back e-mails those waiting for a size that is back (docs/BACK-IN-STOCK.md). */
  config: BackInStockMailConfig;
  orderId: string;
  outcome: ReleaseOutcome;
  /**
   * Release only a reservation whose hold ended before this time (the sweeper's check, made
   * again under the row lock: the hold may have been extended since the sweeper read it).
   */
  expiredBy?: Date;
  /**
   * Release only while this is the order's payment page (null: while it has none). A page the
   * order has replaced since (its "expired" event arriving late) leaves the order alone.
   */
  sessionId?: string | null;
}): Promise<boolean> {
  const { db, orderId, outcome, expiredBy, sessionId } = options;
  const released = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    // a delayed payment ("processing") still holds its stock: only its bank's refusal releases it
    const isReleasable =
      row?.paymentStatus === "pending" || (row?.paymentStatus === "processing" && outcome === "failed");
    if (!row || !isReleasable) return false;
    if (sessionId !== undefined && row.paymentSessionId !== sessionId) return false;
    if (expiredBy && row.isReserved && !(row.reservedUntil && row.reservedUntil < expiredBy)) return false;
    if (row.isReserved) {
      const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId));
      await returnStock(tx, items, { config: options.config });
      if (row.couponId) await returnCoupon(tx, row.couponId);
    }
    await tx
      .update(order)
      .set(
        outcome === "retry"
          ? {
              isReserved: false,
              reservedUntil: null,
              paymentSessionId: null,
              // the page can never pay this order now: a payment that still arrives on it is refunded
              ...(row.paymentSessionId && {
                replacedSessionIds: [...row.replacedSessionIds, row.paymentSessionId],
              }),
            }
          : {
              isReserved: false,
              reservedUntil: null,
              status: "cancelled",
              paymentStatus: outcome === "failed" ? "failed" : "cancelled",
            },
      )
      .where(eq(order.id, orderId));
    return true;
  });
  if (released && outcome !== "retry") {
    options.metrics.countCheckout(outcome === "failed" ? "payment_failed" : "released");
  }
  return released;
}
