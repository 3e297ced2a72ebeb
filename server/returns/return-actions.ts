// The admin's steps of a return (docs/RETURNS.md#states): approve, reject, mark received, refund,
// exchange. Each runs in one transaction under the order's and the return's locks.
import { and, eq, inArray, isNotNull, ne, or, sql, sum } from "drizzle-orm";
import { formatUsd } from "../../core/money";
import { REFUND_BUSINESS_DAYS } from "../../core/order";
import {
  lineRefund,
  paidLine,
  paidShipping,
  RETURN_ITEM_CONDITIONS,
  type ReturnItemCondition,
  returnMessages,
} from "../../core/returns";
import { vatLabel } from "../../core/tax";
import { returnRejectionSchema } from "../../core/validation/returns";
import { AppError, parseInput } from "../app-error";
import { orderTax } from "../checkout/order-summary";
import { returnStock, takeStock } from "../checkout/reserve-stock";
import type { Database, Transaction } from "../db/client";
import {
  type Order,
  order,
  orderItem,
  productVariant,
  receipt,
  refund,
  returnItem,
  returnRequest,
} from "../db/schema";
import { PaymentProviderError, type ProviderRefund } from "../payments/payment-provider";
import { REPLACEMENT_PAYMENT_METHOD } from "./return-lines";
import {
  assertCanMove,
  assertOrderNotRefunded,
  deliverReturnEmail,
  type LockedReturn,
  lockReturn,
  moveReturn,
  type ReturnServices,
} from "./return-workflow";

interface AdminStep {
  services: ReturnServices;
  admin: { id: string; email: string };
  returnId: string;
}

export interface ReturnStepResult {
  rmaNumber: string;
  /** The toast for the admin. */
  message: string;
}

const asAdmin = (admin: AdminStep["admin"]) => ({ role: "admin" as const, id: admin.id, email: admin.email });

/** The return's lines with the order lines they come from. */
async function loadItems(tx: Database | Transaction, returnId: string) {
  return tx
    .select({ ret: returnItem, line: orderItem })
    .from(returnItem)
    .innerJoin(orderItem, eq(orderItem.id, returnItem.orderItemId))
    .where(eq(returnItem.returnId, returnId))
    .orderBy(orderItem.productName, orderItem.size);
}

/** The first of an exchange's lines whose size is gone or has too few units (in id order, as takeStock goes). */
async function firstShortLine<L extends { variantId: string | null; quantity: number }>(
  tx: Transaction,
  lines: readonly L[],
): Promise<L> {
  const ids = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const sizes = ids.length
    ? await tx
        .select({ id: productVariant.id, stock: productVariant.stock, retiredAt: productVariant.retiredAt })
        .from(productVariant)
        .where(inArray(productVariant.id, ids))
    : [];
  const short = [...lines]
    .sort((a, b) => (a.variantId ?? "").localeCompare(b.variantId ?? ""))
    .find((line) => {
      const size = sizes.find((candidate) => candidate.id === line.variantId);
      return !size || size.retiredAt !== null || size.stock < line.quantity;
    });
  return short ?? (lines[0] as L);
}

/** Runs one step and, after the commit, tries its e-mail at once. */
async function step(
  options: AdminStep,
  what: string,
  run: (tx: Transaction, locked: LockedReturn) => Promise<{ emailId: string | null; message: string }>,
): Promise<ReturnStepResult> {
  const { services, admin, returnId } = options;
  const done = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, asAdmin(admin));
    return { rmaNumber: locked.ret.rmaNumber, ...(await run(tx, locked)) };
  });
  services.log.info({ returnId, adminId: admin.id }, `return ${what}`);
  await deliverReturnEmail(services, done.emailId);
  return { rmaNumber: done.rmaNumber, message: done.message };
}

/**
 * Approves a requested return; the customer's e-mail carries the return instructions (setting
 * RETURN_INSTRUCTIONS). An exchange's sizes are taken from stock now, so they are there when the
 * parcel arrives; a size sold out meanwhile refuses the approval with a message.
 */
export function approveReturn(options: AdminStep): Promise<ReturnStepResult> {
  return step(options, "approved", async (tx, locked) => {
    assertOrderNotRefunded(locked, "approved");
    assertCanMove(locked.ret, "approved", "approved");
    if (locked.ret.resolution === "exchange") {
      const items = await loadItems(tx, locked.ret.id);
      const lines = items.map(({ ret, line }) => ({
        productId: line.productId,
        variantId: ret.exchangeVariantId,
        productName: line.productName,
        size: ret.exchangeSize ?? line.size,
        quantity: ret.quantity,
      }));
      try {
        await takeStock(tx, lines);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // takeStock stops at the first size that cannot serve its line: name it for the admin
        const short = await firstShortLine(tx, lines);
        throw new AppError(
          "exchange_stock_gone",
          returnMessages.exchangeStockGone(short.productName, short.size),
          409,
          { cause: error },
        );
      }
    }
    const emailId = await moveReturn({
      tx,
      services: options.services,
      locked,
      actor: asAdmin(options.admin),
      update: { state: "approved", instructions: options.services.config.returnInstructions },
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} approved` };
  });
}

/** Rejects a requested return with a reason the customer sees. */
export async function rejectReturn(options: AdminStep & { reason: string }): Promise<ReturnStepResult> {
  const { reason } = parseInput(returnRejectionSchema, { reason: options.reason }, "invalid_rejection");
  return step(options, "rejected", async (tx, locked) => {
    assertCanMove(locked.ret, "rejected", "rejected");
    const emailId = await moveReturn({
      tx,
      services: options.services,
      locked,
      actor: asAdmin(options.admin),
      update: { state: "rejected", reason },
      note: reason,
      set: { rejectionReason: reason },
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} rejected` };
  });
}

/**
 * The parcel has arrived: each line is sellable (its units go back to stock, in the size sold) or
 * damaged (they do not). Every line needs its condition.
 */
export function markReturnReceived(
  options: AdminStep & { conditions: Record<string, string> },
): Promise<ReturnStepResult> {
  return step(options, "received", async (tx, locked) => {
    assertOrderNotRefunded(locked, "marked received");
    assertCanMove(locked.ret, "received", "marked received");
    const items = await loadItems(tx, locked.ret.id);
    const conditions = items.map(({ ret }) => {
      const condition = options.conditions[ret.id];
      if (!RETURN_ITEM_CONDITIONS.includes(condition as ReturnItemCondition)) {
        throw new AppError("condition_required", returnMessages.conditionRequired);
      }
      return condition as ReturnItemCondition;
    });
    const sellable = items.filter((_, index) => conditions[index] === "sellable");
    await returnStock(
      tx,
      sellable.map(({ ret, line }) => ({ ...line, quantity: ret.quantity })),
    );
    for (const [index, { ret }] of items.entries()) {
      await tx.update(returnItem).set({ condition: conditions[index] }).where(eq(returnItem.id, ret.id));
    }
    const units = (condition: ReturnItemCondition) =>
      items.reduce(
        (total, { ret }, index) => total + (conditions[index] === condition ? ret.quantity : 0),
        0,
      );
    const emailId = await moveReturn({
      tx,
      services: options.services,
      locked,
      actor: asAdmin(options.admin),
      update: { state: "received", resolution: locked.ret.resolution },
      note: `${units("sellable")} sellable (back in stock), ${units("damaged")} damaged`,
    });
    return { emailId, message: `Return ${locked.ret.rmaNumber} marked received` };
  });
}

/**
 * What refunding this return gives back (docs/RETURNS.md#money): per line, the price paid for its
 * units after the line's share of the coupon, VAT included; and the shipping charged, once every
 * unit of the order has been refunded through returns. Units already refunded (or whose refund is
 * fixed) by other returns of the order come first, so the shares add up to exactly what was paid.
 */
export async function computeReturnRefund(
  tx: Database | Transaction,
  row: Order,
  returnId: string,
): Promise<{ cents: number; taxCents: number }> {
  const [items, earlier, all] = await Promise.all([
    loadItems(tx, returnId),
    tx
      .select({ orderItemId: returnItem.orderItemId, units: sql<number>`sum(${returnItem.quantity})::int` })
      .from(returnItem)
      .innerJoin(returnRequest, eq(returnRequest.id, returnItem.returnId))
      .where(
        and(
          eq(returnRequest.orderId, row.id),
          ne(returnRequest.id, returnId),
          or(eq(returnRequest.state, "refunded"), isNotNull(returnRequest.refundCents)),
        ),
      )
      .groupBy(returnItem.orderItemId),
    tx
      .select({ units: sql<number>`coalesce(sum(${orderItem.quantity}), 0)::int` })
      .from(orderItem)
      .where(eq(orderItem.orderId, row.id)),
  ]);
  const before = new Map(earlier.map((entry) => [entry.orderItemId, entry.units]));
  let cents = 0;
  let taxCents = 0;
  let refundedUnits = earlier.reduce((total, entry) => total + entry.units, 0);
  for (const { ret, line } of items) {
    const part = lineRefund(paidLine(line, row.pricesIncludeTax), before.get(line.id) ?? 0, ret.quantity);
    cents += part.cents;
    taxCents += part.taxCents;
    refundedUnits += ret.quantity;
  }
  if (refundedUnits === (all[0]?.units ?? 0)) {
    const shipping = paidShipping(row);
    cents += shipping.cents;
    taxCents += shipping.taxCents;
  }
  return { cents, taxCents };
}

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
  options: AdminStep,
): Promise<ReturnStepResult & { outcome: "refunded" | "already-refunded"; amountCents: number }> {
  const { services, admin, returnId } = options;
  const actor = asAdmin(admin);
  const fixed = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, actor);
    if (locked.ret.state === "refunded") return { locked, amount: null };
    assertOrderNotRefunded(locked, "refunded");
    assertCanMove(locked.ret, "refunded", "refunded");
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
      note: `Refunded ${formatUsd(given.amountCents)}`,
      set: { refundId: inserted.id, refundError: null },
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
    message: `Refunded ${formatUsd(given.amountCents)} for return ${locked.ret.rmaNumber}`,
    outcome: "refunded",
    amountCents: given.amountCents,
  };
}

/**
 * Completes a received exchange: a replacement order at no charge ships the sizes set aside on
 * approval (their stock was taken then), and is shipped and tracked like any order.
 */
export function exchangeReturn(options: AdminStep): Promise<ReturnStepResult> {
  return step(options, "exchanged", async (tx, locked) => {
    assertOrderNotRefunded(locked, "exchanged");
    assertCanMove(locked.ret, "exchanged", "exchanged");
    if (locked.ret.resolution !== "exchange") {
      throw new AppError("return_state", returnMessages.notAllowed(locked.ret.state, "exchanged"), 409);
    }
    const original = locked.order;
    const items = await loadItems(tx, locked.ret.id);
    const [replacement] = await tx
      .insert(order)
      .values({
        userId: locked.ret.userId ?? original.userId,
        status: "processing",
        paymentStatus: "paid",
        paymentMethod: REPLACEMENT_PAYMENT_METHOD,
        shippingMethod: original.shippingMethod,
        shippingCents: 0,
        shippingAddress: original.shippingAddress,
        shippingNote: `Exchange for return ${locked.ret.rmaNumber} (order ${original.orderNumber})`,
        subtotalCents: 0,
        discountCents: 0,
        totalCents: 0,
        pricesIncludeTax: original.pricesIncludeTax,
        taxCountry: original.taxCountry,
        taxRateBasisPoints: original.taxRateBasisPoints,
        // it holds the units taken on approval, as a paid order does
        isReserved: true,
        paidAt: new Date(),
      })
      .returning({ id: order.id, orderNumber: order.orderNumber });
    if (!replacement) throw new Error("the replacement order was not created");
    await tx.insert(orderItem).values(
      items.map(({ ret, line }) => ({
        orderId: replacement.id,
        productId: line.productId,
        variantId: ret.exchangeVariantId,
        productName: line.productName,
        size: ret.exchangeSize ?? line.size,
        productImage: line.productImage,
        priceCents: 0,
        quantity: ret.quantity,
        netCents: 0,
        taxRateBasisPoints: line.taxRateBasisPoints,
      })),
    );
    const emailId = await moveReturn({
      tx,
      services: options.services,
      locked,
      actor: asAdmin(options.admin),
      update: { state: "exchanged", replacementOrderNumber: replacement.orderNumber },
      note: `Replacement order ${replacement.orderNumber}`,
      set: { replacementOrderId: replacement.id },
    });
    return {
      emailId,
      message: `Return ${locked.ret.rmaNumber} exchanged: replacement order ${replacement.orderNumber}`,
    };
  });
}
