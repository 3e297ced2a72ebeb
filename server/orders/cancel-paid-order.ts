import { and, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { REFUND_BUSINESS_DAYS } from "../../core/order";
import { refundTaxCents, vatLabel } from "../../core/tax";
import { AppError } from "../app-error";
import { orderTax } from "../checkout/order-summary";
import { returnCoupon, returnStock } from "../checkout/reserve-stock";
import type { Transaction } from "../db/client";
import {
  couponUsage,
  type Order,
  order,
  orderItem,
  receipt,
  refund,
  returnRequest,
  user,
  withdrawal,
} from "../db/schema";
import { issueCreditNote } from "../invoices/issue-credit-note";
import { enqueueEmail } from "../mail/enqueue-email";
import { orderRefundedEmail } from "../mail/templates/order-refunded";
import { PaymentProviderError, type ProviderRefund } from "../payments/payment-provider";
import { closeReturnsOfRefundedOrder, unitsReceivedBack } from "../returns/close-returns-of-refunded-order";
import type { ReturnActor } from "../returns/return-workflow";
import type { Services } from "../services";

const replacement = alias(order, "replacement");

type CancelServices = Pick<Services, "db" | "payments" | "mailQueue" | "config" | "log">;

export const cancelRefundMessages = {
  notFound: "Order not found.",
  notPaid: "Only a paid order can be cancelled with a refund.",
  partlyRefunded: "Part of this order was refunded through a return: refund the rest through Returns.",
  exchanged: (replacementOrderNumber: string) =>
    `Items of this order were exchanged (replacement order ${replacementOrderNumber}), so it cannot be cancelled and refunded in full.`,
  noPayment: "This order has no payment at the provider to refund.",
  failed: (reason: string) => `Refund failed: ${reason.replace(/[.\s]+$/, "")}. The order was not changed.`,
  /** When the provider gives no reason a person can read (the details are in the log). */
  providerSilent: "the payment provider did not complete it",
} as const;

/** The idempotency key of an admin's cancel-and-refund: one per order, at the provider and in `refund`. */
export const cancelRefundKey = (orderId: string) => `cancel-refund:${orderId}`;

export interface CancelPaidOrderResult {
  orderNumber: string;
  /** "already-refunded": an earlier press (or another admin) refunded it; nothing was done now. */
  outcome: "refunded" | "already-refunded";
  amountCents: number;
  /** The order's currency (ISO 4217), which amountCents is in. */
  currency: string;
  /** Whether the customer was e-mailed; null when no e-mail was due. */
  customerNotified: boolean | null;
}

/**
 * An admin cancels a paid order (docs/ARCHITECTURE.md#refunds): the full amount goes back through the
 * payment provider, the units go back to stock per size, the refund is recorded with who made it, the
 * order and its receipt become refunded, and the customer's e-mail is queued in the same transaction
 * and tried at once after the commit (docs/decisions/016-mail-queue.md).
 *
 * Exactly one refund, however often and by however many admins it is pressed: the provider call
 * carries the key `cancel-refund:{orderId}`, so repeats get the refund the first call made, and the
 * recording transaction locks the order and inserts the refund under the same key (unique), so only
 * one caller records it and changes the stock. The provider is called outside any transaction (no
 * row lock or connection is held across a network call of up to a minute); if the recording fails
 * after the provider refunded, the order stays paid and pressing again completes it with the same
 * refund. A refusal by the provider changes nothing.
 */
export async function cancelPaidOrder(options: {
  services: CancelServices;
  orderId: string;
  /**
   * An admin who pressed (kept on the refund), or the customer's withdrawal before shipping
   * (server/withdrawals/withdraw-from-contract.ts): the same full refund, stock and e-mail.
   */
  by: { adminId: string } | { withdrawal: { email: string } };
}): Promise<CancelPaidOrderResult> {
  const { services, orderId, by } = options;
  const adminId = "adminId" in by ? by.adminId : null;
  const { db, payments, log } = services;
  const idempotencyKey = cancelRefundKey(orderId);

  const [current] = await db.select().from(order).where(eq(order.id, orderId));
  if (!current) throw new AppError("order_not_found", cancelRefundMessages.notFound, 404);
  if (current.paymentStatus === "refunded") {
    return {
      orderNumber: current.orderNumber,
      outcome: "already-refunded",
      amountCents: 0,
      currency: current.currency,
      customerNotified: null,
    };
  }
  if (current.paymentStatus === "partially_refunded") {
    throw new AppError("order_partly_refunded", cancelRefundMessages.partlyRefunded, 409);
  }
  if (current.paymentStatus !== "paid") {
    throw new AppError("order_not_paid", cancelRefundMessages.notPaid, 409);
  }
  if (!current.paymentSessionId)
    throw new AppError("order_without_payment", cancelRefundMessages.noPayment, 409);
  // the customer has the new size: refunding every item too would leave it paid by nobody
  const [exchanged] = await db
    .select({ orderNumber: replacement.orderNumber })
    .from(returnRequest)
    .innerJoin(replacement, eq(replacement.id, returnRequest.replacementOrderId))
    .where(and(eq(returnRequest.orderId, orderId), eq(returnRequest.state, "exchanged")));
  if (exchanged) {
    throw new AppError("order_exchanged", cancelRefundMessages.exchanged(exchanged.orderNumber), 409);
  }

  let given: ProviderRefund;
  try {
    given = await payments.refund({
      sessionId: current.paymentSessionId,
      reason: adminId ? "order cancelled by the store" : "the customer withdrew from the contract",
      idempotencyKey,
    });
  } catch (error) {
    const reason = error instanceof PaymentProviderError ? error.userMessage : null;
    throw new AppError(
      "refund_failed",
      cancelRefundMessages.failed(reason ?? cancelRefundMessages.providerSilent),
      502,
      {
        cause: error,
        logMessage: `refund of order ${orderId} failed at the provider: ${error instanceof Error ? error.message : String(error)}`,
      },
    );
  }

  const recorded = await db
    .transaction(async (tx) => {
      // the lock orders concurrent cancels; the unique key lets exactly one of them record
      const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
      if (!row) throw new Error(`order ${orderId} disappeared while it was being refunded`);
      const [inserted] = await tx
        .insert(refund)
        .values({
          orderId,
          amountCents: given.amountCents,
          taxCents: refundTaxCents(row, given.amountCents),
          reason: adminId ? "Order cancelled by an admin" : "Withdrawal by the customer",
          providerRefundId: given.id,
          idempotencyKey,
          createdBy: adminId,
        })
        .onConflictDoNothing({ target: refund.idempotencyKey })
        .returning({ id: refund.id });
      if (!inserted) return null;
      await tx
        .update(order)
        .set({ status: "cancelled", paymentStatus: "refunded", isReserved: false, reservedUntil: null })
        .where(eq(order.id, orderId));
      await tx.update(receipt).set({ status: "refunded" }).where(eq(receipt.orderId, orderId));
      // every withdrawal from this order is honoured by this refund (docs/LEGAL.md#withdrawal)
      await tx
        .update(withdrawal)
        .set({ refundedAt: new Date() })
        .where(and(eq(withdrawal.orderId, orderId), isNull(withdrawal.refundedAt)));
      // is_reserved: the order still holds its units and its coupon use (a paid order does);
      // units a return brought back were dealt with when they arrived
      if (row.isReserved) {
        const receivedBack = await unitsReceivedBack(tx, orderId);
        const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId));
        await returnStock(
          tx,
          items.map((item) => ({ ...item, quantity: item.quantity - (receivedBack.get(item.id) ?? 0) })),
          { config: services.config },
        );
        if (row.couponId) {
          await returnCoupon(tx, row.couponId);
          await tx.delete(couponUsage).where(eq(couponUsage.orderId, orderId));
        }
      }
      const emailId = await queueRefundEmail({ tx, services, order: row, amountCents: given.amountCents });
      // nothing is left to return: a return still open would refund or replace items twice
      const returns = await closeReturnsOfRefundedOrder({
        tx,
        services,
        order: row,
        actor: adminId
          ? await adminActor(tx, adminId)
          : { role: "customer", id: row.userId ?? "", email: "withdrawal" in by ? by.withdrawal.email : "" },
      });
      // last: the year's credit-note counter stays locked until the commit
      await issueCreditNote(tx, {
        refundId: inserted.id,
        credited: { kind: "rest-of-invoice" },
        config: services.config,
      });
      return { order: row, emailId, returns };
    })
    .catch((error: unknown) => {
      // the money is back with the customer but the store does not know yet: pressing again
      // gets the same refund from the provider (same key) and records it
      log.error(
        { err: error, orderId, providerRefundId: given.id },
        "refunded at the provider but not recorded; cancelling the order again completes it",
      );
      throw error;
    });

  if (!recorded) {
    return {
      orderNumber: current.orderNumber,
      outcome: "already-refunded",
      amountCents: 0,
      currency: current.currency,
      customerNotified: null,
    };
  }
  log.info(
    {
      orderId,
      providerRefundId: given.id,
      amountCents: given.amountCents,
      adminId,
      closedReturns: recorded.returns.closed,
    },
    "order cancelled and refunded",
  );
  if (recorded.returns.emailIds.length > 0) services.mailQueue.wake();
  // awaited, so the admin learns whether the customer was told; a failed attempt stays queued
  const customerNotified =
    recorded.emailId !== null && (await services.mailQueue.deliver(recorded.emailId)) !== "failed";
  return {
    orderNumber: recorded.order.orderNumber,
    outcome: "refunded",
    amountCents: given.amountCents,
    currency: recorded.order.currency,
    customerNotified,
  };
}

/** The admin as a return's event names them: by their e-mail as it is now. */
async function adminActor(tx: Transaction, adminId: string): Promise<ReturnActor> {
  const [admin] = await tx.select({ email: user.email }).from(user).where(eq(user.id, adminId));
  return { role: "admin", id: adminId, email: admin?.email ?? null };
}

/**
 * Queues the refund e-mail in the refund's transaction; its id, or null when it cannot be written
 * (the customer is gone, the template refuses): logged, and the refund still counts.
 */
async function queueRefundEmail(options: {
  tx: Transaction;
  services: CancelServices;
  order: Order;
  amountCents: number;
}): Promise<string | null> {
  const { tx, services, order: refunded, amountCents } = options;
  const orderId = refunded.id;
  const tax = orderTax(refunded);
  // none once the customer deleted their account
  const [customer] = refunded.userId
    ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, refunded.userId))
    : [];
  let message: ReturnType<typeof orderRefundedEmail>;
  try {
    if (!customer) throw new Error("the order's customer no longer exists");
    message = orderRefundedEmail({
      storeName: services.config.storeName,
      publicUrl: services.config.publicUrl,
      seller: services.config.seller,
      name: customer.name,
      orderNumber: refunded.orderNumber,
      money: { currency: refunded.currency, locale: services.config.locale },
      amountCents,
      vat: tax && {
        label: vatLabel(tax.rateBasisPoints, tax.countryName),
        amountCents: refundTaxCents(refunded, amountCents),
      },
      refundBusinessDays: REFUND_BUSINESS_DAYS,
    });
  } catch (error) {
    services.log.error({ err: error, orderId }, "order refunded e-mail failed");
    return null;
  }
  return enqueueEmail(tx, { kind: "order_refunded", message: { to: customer.email, ...message } });
}
