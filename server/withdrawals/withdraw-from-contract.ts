import { and, eq } from "drizzle-orm";
import { WITHDRAWAL_REASON_CODE } from "../../core/returns";
import { guestWithdrawalSchema } from "../../core/validation/withdrawal-actions";
import {
  addDays,
  type StatementLine,
  WITHDRAWAL_REFUND_DAYS,
  type WithdrawalOutcome,
  withdrawalMessages,
  withdrawalStatement,
} from "../../core/withdrawal";
import { AppError, parseInput } from "../app-error";
import { limitAttempts, limitCustomer } from "../auth/auth-errors";
import { RATE_LIMITS } from "../auth/rate-limit";
import type { Transaction } from "../db/client";
import {
  type Order,
  order,
  returnEvent,
  returnItem,
  returnRequest,
  type Withdrawal,
  withdrawal,
} from "../db/schema";
import { enqueueEmail } from "../mail/enqueue-email";
import { type WithdrawalNext, withdrawalReceivedEmail } from "../mail/templates/withdrawal-received";
import { cancelPaidOrder } from "../orders/cancel-paid-order";
import type { Services } from "../services";
import { findGuestOrder, periodOf, storeDates, withdrawableLines } from "./withdrawal-lines";

type WithdrawalServices = Pick<Services, "db" | "payments" | "mailQueue" | "config" | "log">;

/** Who withdraws: their account's name and e-mail, or what a signed-out visitor typed (matched to the order). */
interface Consumer {
  userId: string | null;
  name: string;
  /** As the statement names it. */
  email: string;
  /** Where the acknowledgement goes: the account's own address (a signed-out visitor's matched it, case aside). */
  acknowledgeTo: string;
}

/** What the customer is told once the statement is recorded. */
export interface WithdrawalResult {
  withdrawalId: string;
  orderNumber: string;
  outcome: WithdrawalOutcome;
  statement: string;
  receivedAt: string;
  refundDueAt: string;
  /** The withdrawal's return, once the order has shipped. */
  rmaNumber: string | null;
  /** Before shipping: whether the refund went through at once (if not, the store refunds it by the due date). */
  refunded: boolean;
  message: string;
}

/**
 * A signed-in customer withdraws from one of their orders (Art. 11a CRD; docs/LEGAL.md#withdrawal):
 * the whole order, or (once it has shipped) some of its units. Recorded as described in `record`;
 * before shipping, the order is then cancelled and refunded in full at once.
 */
export async function withdrawFromContract(options: {
  services: WithdrawalServices;
  user: { id: string; name: string; email: string };
  orderId: string;
  /** null: the whole order. */
  lines: ReadonlyArray<{ orderItemId: string; quantity: number }> | null;
  requestKey: string;
}): Promise<WithdrawalResult> {
  const { services, user } = options;
  await limitCustomer({
    db: services.db,
    userId: user.id,
    action: "withdrawal",
    rule: RATE_LIMITS.withdrawal,
  });
  const recorded = await services.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(order)
      .where(and(eq(order.id, options.orderId), eq(order.userId, user.id)))
      .for("update");
    if (!locked) throw new AppError("order_not_found", "Order not found.", 404);
    return record({
      tx,
      services,
      locked,
      consumer: { userId: user.id, name: user.name, email: user.email, acknowledgeTo: user.email },
      lines: options.lines,
      requestKey: options.requestKey,
    });
  });
  return settle(services, recorded);
}

/**
 * A signed-out visitor withdraws with an order number and the e-mail it was placed with. The answer
 * is the same whether or not such an order exists, or may still be withdrawn from: only the e-mail to
 * the order's address says what happened. Counted per client address.
 */
export async function withdrawAsGuest(options: {
  services: WithdrawalServices;
  clientIp: string;
  name: string;
  orderNumber: string;
  email: string;
  requestKey: string;
}): Promise<{ message: string }> {
  const { services } = options;
  const typed = parseInput(
    guestWithdrawalSchema,
    { name: options.name, orderNumber: options.orderNumber, email: options.email },
    "invalid_withdrawal",
  );
  await limitAttempts({
    db: services.db,
    clientIp: options.clientIp,
    action: "withdrawal",
    rule: RATE_LIMITS.withdrawalGuest,
  });
  const answer = {
    message: withdrawalMessages.guestReceived(options.orderNumber.trim(), options.email.trim()),
  };
  const recorded = await services.db.transaction(async (tx) => {
    const found = await findGuestOrder(tx, typed.orderNumber, typed.email);
    if (!found) return null;
    const [locked] = await tx.select().from(order).where(eq(order.id, found.order.id)).for("update");
    if (!locked) return null;
    try {
      return await record({
        tx,
        services,
        locked,
        // the statement names the address as typed; the acknowledgement goes to the account's
        consumer: { userId: locked.userId, name: typed.name, email: typed.email, acknowledgeTo: found.email },
        lines: null,
        requestKey: options.requestKey,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      // withdrawn before, not paid, period over: nothing is recorded or sent, and the answer is
      // the same as for an order that does not exist (logged for support)
      services.log.info({ orderId: locked.id, reason: error.message }, "guest withdrawal not recorded");
      return null;
    }
  });
  if (recorded) await settle(services, recorded);
  else
    services.log.info({ orderNumber: options.orderNumber.trim() }, "guest withdrawal matched no open order");
  return answer;
}

interface Recorded {
  withdrawal: Withdrawal;
  order: Order;
  consumer: Consumer;
  rmaNumber: string | null;
  emailId: string | null;
}

/**
 * Records the statement under the order's lock, in one transaction with its acknowledgement:
 * refused (409, with the reason) when the period is over or nothing is left to withdraw. A
 * confirmation sent again (the same request key) gives the statement recorded the first time.
 * Not shipped: the order becomes cancelled at once (so it is not packed); its refund follows
 * after the commit. Shipped: a return of kind "withdrawal" for the chosen units, approved
 * (a withdrawal cannot be rejected), for the goods to come back.
 */
async function record(options: {
  tx: Transaction;
  services: WithdrawalServices;
  locked: Order;
  consumer: Consumer;
  lines: ReadonlyArray<{ orderItemId: string; quantity: number }> | null;
  requestKey: string;
}): Promise<Recorded> {
  const { tx, services, locked, consumer } = options;
  const { config } = services;
  // the key counts per order: one made for another order names nothing here
  const [earlier] = await tx
    .select()
    .from(withdrawal)
    .where(and(eq(withdrawal.orderId, locked.id), eq(withdrawal.requestKey, options.requestKey)));
  if (earlier) {
    const [ret] = await tx
      .select({ rmaNumber: returnRequest.rmaNumber })
      .from(returnRequest)
      .where(eq(returnRequest.withdrawalId, earlier.id));
    return { withdrawal: earlier, order: locked, consumer, rmaNumber: ret?.rmaNumber ?? null, emailId: null };
  }
  const period = periodOf(locked, config);
  if (!period.open) throw new AppError("withdrawal_closed", period.reason, 409);

  let units: Array<{ orderItemId: string; quantity: number; line: StatementLine }> = [];
  if (period.shipped) {
    const open = await withdrawableLines(tx, locked.id);
    if (open.length === 0) throw new AppError("withdrawal_closed", withdrawalMessages.nothingLeft, 409);
    if (options.lines === null) {
      units = open.map(({ item, returnable }) => ({
        orderItemId: item.id,
        quantity: returnable,
        line: item,
      }));
    } else {
      const byId = new Map(open.map((line) => [line.item.id, line]));
      const chosen = options.lines.filter((line) => line.quantity > 0);
      if (chosen.length === 0 || new Set(chosen.map((line) => line.orderItemId)).size !== chosen.length) {
        throw new AppError("invalid_withdrawal", withdrawalMessages.chooseItems);
      }
      units = chosen.map((wanted) => {
        const line = byId.get(wanted.orderItemId);
        if (!line) throw new AppError("invalid_withdrawal", withdrawalMessages.chooseItems);
        if (wanted.quantity > line.returnable) {
          throw new AppError(
            "too_many",
            withdrawalMessages.tooMany(line.item.productName, line.item.size, line.returnable),
            409,
          );
        }
        return { orderItemId: line.item.id, quantity: wanted.quantity, line: line.item };
      });
    }
  } else if (options.lines !== null) {
    // before shipping the whole contract is withdrawn from: the order is cancelled
    throw new AppError("invalid_withdrawal", withdrawalMessages.chooseItems);
  }

  const statement = withdrawalStatement({
    seller: config.seller,
    storeName: config.storeName,
    orderNumber: locked.orderNumber,
    lines:
      options.lines === null
        ? null
        : units.map(({ line, quantity }) => ({ productName: line.productName, size: line.size, quantity })),
    name: consumer.name,
    email: consumer.email,
  });
  const receivedAt = new Date();
  const outcome: WithdrawalOutcome = period.shipped ? "return" : "cancelled";
  const [saved] = await tx
    .insert(withdrawal)
    .values({
      orderId: locked.id,
      userId: consumer.userId,
      requestKey: options.requestKey,
      consumerName: consumer.name,
      consumerEmail: consumer.email,
      statement,
      outcome,
      receivedAt,
      refundDueAt: addDays(receivedAt, WITHDRAWAL_REFUND_DAYS),
    })
    .returning();
  if (!saved) throw new Error("the withdrawal was not recorded");

  const dates = storeDates(config);
  let next: WithdrawalNext;
  let rmaNumber: string | null = null;
  if (outcome === "cancelled") {
    await tx.update(order).set({ status: "cancelled" }).where(eq(order.id, locked.id));
    next = { kind: "cancelled", totalCents: locked.totalCents };
  } else {
    const [ret] = await tx
      .insert(returnRequest)
      .values({
        orderId: locked.id,
        userId: locked.userId,
        kind: "withdrawal",
        withdrawalId: saved.id,
        state: "approved",
        resolution: "refund",
        reasonCode: WITHDRAWAL_REASON_CODE,
      })
      .returning();
    if (!ret) throw new Error("the withdrawal's return was not created");
    await tx
      .insert(returnItem)
      .values(units.map(({ orderItemId, quantity }) => ({ returnId: ret.id, orderItemId, quantity })));
    await tx.insert(returnEvent).values({
      returnId: ret.id,
      state: "approved",
      actorRole: "customer",
      actorEmail: consumer.email,
      note: `Withdrawal received on ${dates.dateTime(receivedAt)}`,
    });
    rmaNumber = ret.rmaNumber;
    next = {
      kind: "return",
      rmaNumber,
      returnInstructions: config.returnInstructions,
      refundDueOn: dates.date(saved.refundDueAt),
    };
  }
  const message = withdrawalReceivedEmail({
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    seller: config.seller,
    name: consumer.name,
    orderNumber: locked.orderNumber,
    statement,
    receivedAt: dates.dateTime(receivedAt),
    next,
    money: { currency: locked.currency, locale: config.locale },
  });
  const emailId = await enqueueEmail(tx, {
    kind: "withdrawal_received",
    message: { to: consumer.acknowledgeTo, ...message },
  });
  return { withdrawal: saved, order: locked, consumer, rmaNumber, emailId };
}

/**
 * After the commit: an order withdrawn from before shipping is refunded in full through the
 * payment provider (the store's cancel-and-refund); a refusal leaves it cancelled and paid, for an
 * admin to refund by the due date (logged, counted as overdue on the dashboard once late). Then the
 * acknowledgement is tried at once.
 */
async function settle(services: WithdrawalServices, recorded: Recorded): Promise<WithdrawalResult> {
  const { withdrawal: saved, order: withdrawn, consumer } = recorded;
  let refunded = saved.refundedAt !== null;
  if (saved.outcome === "cancelled" && !refunded) {
    try {
      const result = await cancelPaidOrder({
        services,
        orderId: withdrawn.id,
        by: { withdrawal: { email: consumer.email } },
      });
      refunded = result.outcome === "refunded" || result.outcome === "already-refunded";
    } catch (error) {
      services.log.error(
        { err: error, orderId: withdrawn.id, withdrawalId: saved.id },
        "withdrawal recorded but the refund failed: an admin must cancel and refund the order",
      );
    }
  }
  services.log.info(
    { withdrawalId: saved.id, orderId: withdrawn.id, outcome: saved.outcome, refunded },
    "withdrawal received",
  );
  if (recorded.emailId) await services.mailQueue.deliver(recorded.emailId);
  const dates = storeDates(services.config);
  const due = dates.date(saved.refundDueAt);
  const message =
    saved.outcome === "cancelled"
      ? refunded
        ? `Order ${withdrawn.orderNumber} is cancelled and everything you paid is on its way back to you.`
        : `Order ${withdrawn.orderNumber} is cancelled. We refund everything you paid by ${due}.`
      : `Please send the goods back with return number ${recorded.rmaNumber}. We refund them as soon as they arrive or you send us proof of sending, at the latest by ${due}.`;
  return {
    withdrawalId: saved.id,
    orderNumber: withdrawn.orderNumber,
    outcome: saved.outcome,
    statement: saved.statement,
    receivedAt: saved.receivedAt.toISOString(),
    refundDueAt: saved.refundDueAt.toISOString(),
    rmaNumber: recorded.rmaNumber,
    refunded,
    message,
  };
}
