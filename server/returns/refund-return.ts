import { eq, sum } from "drizzle-orm";
import { formatMoney } from "../../core/money";
import { REFUND_BUSINESS_DAYS } from "../../core/order";
import { returnMessages } from "../../core/returns";
import { vatLabel } from "../../core/tax";
import { AppError } from "../app-error";
import { orderTax } from "../checkout/order-summary";
import { order, receipt, refund, returnRequest, withdrawal } from "../db/schema";
import { issueCreditNote } from "../invoices/issue-credit-note";
import { PaymentProviderError, type ProviderRefund } from "../payments/payment-provider";
import { computeReturnRefund } from "./compute-return-refund";
import {
  type AdminReturnStep,
  asAdmin,
  assertCanMove,
  assertOrderNotRefunded,
  deliverReturnEmail,
  lockReturn,
  moveReturn,
  type ReturnStepResult,
} from "./return-workflow";

/** An earlier press (or another admin) refunded it; nothing was done now. */
const alreadyRefunded = (rmaNumber: string) => ({
  rmaNumber,
  message: `Return ${rmaNumber} was already refunded`,
  outcome: "already-refunded" as const,
  amountCents: 0,
});

/** The idempotency key of a return's refund: one per return, at the provider and in `refund`. */
const returnRefundKey = (returnId: string) => `return-refund:${returnId}`;

/**
 * Refunds a received return through the payment provider (docs/RETURNS.md#money). The amount is
 * fixed on the return (under the order's lock) the first time Refund is pressed; the provider is
 * called outside any transaction with the return's key, so two admins pressing at once, or a
 * retry after a failure, ask for the same refund and get one; one transaction then records it (the
 * key is unique in `refund`), moves the return to refunded, the order's payment status to
 * partially refunded or refunded, and queues the e-mail. A refusal by the provider leaves the
 * return received with the provider's message, and Refund can be pressed again.
 */
export async function refundReturn(
  options: AdminReturnStep,
): Promise<ReturnStepResult & { outcome: "refunded" | "already-refunded"; amountCents: number }> {
  const { services, admin, returnId } = options;
  const actor = asAdmin(admin);
  const fixed = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, actor);
    if (locked.ret.state === "refunded") return { locked, amount: null };
    assertOrderNotRefunded(locked, "refunded");
    // a withdrawal is refunded once the goods are back or their sending is proven (Art. 13(3) CRD)
    if (
      !(locked.ret.kind === "withdrawal" && locked.ret.state === "approved" && locked.ret.proofOfSendingAt)
    ) {
      assertCanMove(locked.ret, "refunded", "refunded");
    }
    if (locked.ret.resolution !== "refund") {
      throw new AppError("return_state", returnMessages.notAllowed(locked.ret.state, "refunded"), 409);
    }
    if (!locked.order.paymentSessionId) {
      throw new AppError("order_without_payment", returnMessages.notPaid, 409);
    }
    if (locked.ret.refundCents !== null && locked.ret.refundTaxCents !== null) {
      return { locked, amount: { cents: locked.ret.refundCents, taxCents: locked.ret.refundTaxCents } };
    }
    const amount = await computeReturnRefund(tx, locked.order, returnId);
    await tx
      .update(returnRequest)
      .set({ refundCents: amount.cents, refundTaxCents: amount.taxCents })
      .where(eq(returnRequest.id, returnId));
    return { locked, amount };
  });
  const { locked, amount } = fixed;
  if (!amount) return alreadyRefunded(locked.ret.rmaNumber);

  const idempotencyKey = returnRefundKey(returnId);
  let given: ProviderRefund;
  try {
    given = await services.payments.refund({
      sessionId: locked.order.paymentSessionId as string,
      reason: `return ${locked.ret.rmaNumber}`,
      idempotencyKey,
      amountCents: amount.cents,
    });
  } catch (error) {
    const reason =
      (error instanceof PaymentProviderError ? error.userMessage : null) ??
      "the payment provider did not complete it";
    await services.db
      .update(returnRequest)
      .set({ refundError: reason })
      .where(eq(returnRequest.id, returnId));
    throw new AppError("refund_failed", returnMessages.refundFailed(reason), 502, {
      cause: error,
      logMessage: `refund of return ${returnId} failed at the provider: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  const recorded = await services.db.transaction(async (tx) => {
    const again = await lockReturn(tx, returnId, actor);
    const [inserted] = await tx
      .insert(refund)
      .values({
        orderId: again.order.id,
        amountCents: given.amountCents,
        taxCents: Math.min(amount.taxCents, given.amountCents),
        reason: `Return ${again.ret.rmaNumber}`,
        providerRefundId: given.id,
        idempotencyKey,
        createdBy: admin.id,
      })
      .onConflictDoNothing({ target: refund.idempotencyKey })
      .returning({ id: refund.id });
    if (!inserted) return null;
    const [refunded] = await tx
      .select({ cents: sum(refund.amountCents).mapWith(Number) })
      .from(refund)
      .where(eq(refund.orderId, again.order.id));
    const whole = (refunded?.cents ?? 0) >= again.order.totalCents;
    await tx
      .update(order)
      .set({ paymentStatus: whole ? "refunded" : "partially_refunded" })
      .where(eq(order.id, again.order.id));
    await tx
      .update(receipt)
      .set({ status: whole ? "refunded" : "partially_refunded" })
      .where(eq(receipt.orderId, again.order.id));
    const tax = orderTax(again.order);
    const emailId = await moveReturn({
      tx,
      services,
      locked: again,
      actor,
      update: {
        state: "refunded",
        amountCents: given.amountCents,
        vat: tax && { label: vatLabel(tax.rateBasisPoints, tax.countryName), amountCents: amount.taxCents },
        refundBusinessDays: REFUND_BUSINESS_DAYS,
      },
      note: `Refunded ${formatMoney(given.amountCents, { currency: again.order.currency, locale: services.config.locale })}`,
      set: { refundId: inserted.id, refundError: null },
    });
    if (again.ret.withdrawalId) {
      await tx
        .update(withdrawal)
        .set({ refundedAt: new Date() })
        .where(eq(withdrawal.id, again.ret.withdrawalId));
    }
    // last: the year's credit-note counter stays locked until the commit
    await issueCreditNote(tx, {
      refundId: inserted.id,
      credited: { kind: "return", returnId },
      config: services.config,
    });
    return { emailId };
  });
  if (!recorded) return alreadyRefunded(locked.ret.rmaNumber);
  services.log.info(
    { returnId, adminId: admin.id, providerRefundId: given.id, amountCents: given.amountCents },
    "return refunded",
  );
  await deliverReturnEmail(services, recorded.emailId);
  return {
    rmaNumber: locked.ret.rmaNumber,
    message: `Refunded ${formatMoney(given.amountCents, { currency: locked.order.currency, locale: services.config.locale })} for return ${locked.ret.rmaNumber}`,
    outcome: "refunded",
    amountCents: given.amountCents,
  };
}
