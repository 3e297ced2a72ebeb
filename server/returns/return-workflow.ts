// What every step of a return shares (docs/RETURNS.md#states): the locks, the recorded event and
// the customer's e-mail, all in the step's transaction.
import { eq } from "drizzle-orm";
import { canMoveReturn, type ReturnState, returnMessages } from "../../core/returns";
import { AppError } from "../app-error";
import type { Transaction } from "../db/client";
import { type Order, order, type ReturnRequest, returnEvent, returnRequest, user } from "../db/schema";
import { enqueueEmail } from "../mail/enqueue-email";
import { type ReturnUpdate, returnUpdateEmail } from "../mail/templates/return-update";
import type { Services } from "../services";

export type ReturnServices = Pick<Services, "db" | "payments" | "mailQueue" | "config" | "log" | "storage">;

/** Who moves a return: the customer (their own returns only) or an admin. */
export type ReturnActor =
  | { role: "customer"; id: string; email: string }
  | { role: "admin"; id: string; email: string | null };

export interface LockedReturn {
  ret: ReturnRequest;
  order: Order;
}

/**
 * Locks the return's order, then the return: every step takes them in this order (as do the
 * refunds of orders), so two steps on one order wait for each other instead of deadlocking, and a
 * step sees the state the previous one left. A customer finds only their own returns: another's is
 * "not found", the same answer as one that does not exist.
 */
export async function lockReturn(
  tx: Transaction,
  returnId: string,
  actor: ReturnActor,
): Promise<LockedReturn> {
  const [found] = await tx
    .select({ orderId: returnRequest.orderId, userId: returnRequest.userId })
    .from(returnRequest)
    .where(eq(returnRequest.id, returnId));
  if (!found || (actor.role === "customer" && found.userId !== actor.id)) {
    throw new AppError("return_not_found", returnMessages.notFound, 404);
  }
  const [locked] = await tx.select().from(order).where(eq(order.id, found.orderId)).for("update");
  const [ret] = await tx.select().from(returnRequest).where(eq(returnRequest.id, returnId)).for("update");
  if (!locked || !ret) throw new AppError("return_not_found", returnMessages.notFound, 404);
  return { ret, order: locked };
}

/** Refuses a step the return's state does not allow ("This return is refunded, so it cannot be approved."). */
export function assertCanMove(ret: ReturnRequest, to: ReturnState, action: string): void {
  if (!canMoveReturn(ret.state, to)) {
    throw new AppError("return_state", returnMessages.notAllowed(ret.state, action), 409);
  }
}

/**
 * Refuses a step that would send, take back, refund or exchange anything for a return whose order
 * was cancelled and refunded in full: the customer has every item's price back already.
 */
export function assertOrderNotRefunded(locked: LockedReturn, action: string): void {
  if (locked.order.paymentStatus === "refunded") {
    throw new AppError("order_refunded", returnMessages.orderRefunded(locked.order.orderNumber, action), 409);
  }
}

/**
 * Moves the return to `state`, records who did it and when, and queues the customer's e-mail;
 * returns the e-mail's id (null when the customer is gone: the step still counts).
 */
export async function moveReturn(options: {
  tx: Transaction;
  services: Pick<ReturnServices, "config" | "log">;
  locked: LockedReturn;
  actor: ReturnActor;
  update: ReturnUpdate;
  note?: string | null;
  set?: Partial<typeof returnRequest.$inferInsert>;
}): Promise<string | null> {
  const { tx, services, locked, actor, update } = options;
  await tx
    .update(returnRequest)
    .set({ ...options.set, state: update.state })
    .where(eq(returnRequest.id, locked.ret.id));
  await tx.insert(returnEvent).values({
    returnId: locked.ret.id,
    state: update.state,
    actorRole: actor.role,
    actorEmail: actor.email,
    note: options.note ?? null,
  });
  return queueReturnEmail({ tx, services, locked, update });
}

export async function queueReturnEmail(options: {
  tx: Transaction;
  services: Pick<ReturnServices, "config" | "log">;
  locked: LockedReturn;
  update: ReturnUpdate;
}): Promise<string | null> {
  const { tx, services, locked, update } = options;
  const userId = locked.ret.userId ?? locked.order.userId;
  const [customer] = userId
    ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId))
    : [];
  if (!customer) {
    services.log.info(
      { returnId: locked.ret.id, state: update.state },
      "return e-mail not sent: the customer is gone",
    );
    return null;
  }
  const message = returnUpdateEmail({
    storeName: services.config.storeName,
    publicUrl: services.config.publicUrl,
    seller: services.config.seller,
    name: customer.name,
    rmaNumber: locked.ret.rmaNumber,
    orderNumber: locked.order.orderNumber,
    update,
    money: { currency: locked.order.currency, locale: services.config.locale },
  });
  return enqueueEmail(tx, { kind: "return_update", message: { to: customer.email, ...message } });
}

/** Tries the step's e-mail at once, after the commit; a failure stays queued and is retried. */
export async function deliverReturnEmail(services: ReturnServices, emailId: string | null): Promise<void> {
  if (emailId) await services.mailQueue.deliver(emailId);
}

// An admin's steps (approve-return.ts, reject-return.ts, mark-return-received.ts, refund-return.ts,
// exchange-return.ts) share who acts, what they answer and how they run.

export interface AdminReturnStep {
  services: ReturnServices;
  admin: { id: string; email: string };
  returnId: string;
}

export interface ReturnStepResult {
  rmaNumber: string;
  /** The toast for the admin. */
  message: string;
}

export const asAdmin = (admin: AdminReturnStep["admin"]) => ({
  role: "admin" as const,
  id: admin.id,
  email: admin.email,
});

/** What a step changes on the return besides its state's move: as moveReturn takes it. */
type ReturnChange = Pick<Parameters<typeof moveReturn>[0], "update" | "note" | "set">;

/**
 * Runs one of an admin's steps in one transaction under the locks: refused when the return's state
 * does not allow it, or when its order was refunded in full (only a rejection still is allowed
 * then); `run` does the step's work and moves the return with `move`. After the commit, the
 * step's e-mail is tried at once.
 */
export async function runAdminStep(
  options: AdminReturnStep,
  step: { to: ReturnState; action: string; evenIfOrderRefunded?: boolean },
  run: (
    tx: Transaction,
    locked: LockedReturn,
    move: (change: ReturnChange) => Promise<string | null>,
  ) => Promise<{ emailId: string | null; message: string }>,
): Promise<ReturnStepResult> {
  const { services, admin, returnId } = options;
  const actor = asAdmin(admin);
  const done = await services.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, returnId, actor);
    if (!step.evenIfOrderRefunded) assertOrderNotRefunded(locked, step.action);
    assertCanMove(locked.ret, step.to, step.action);
    const move = (change: ReturnChange) => moveReturn({ tx, services, locked, actor, ...change });
    return { rmaNumber: locked.ret.rmaNumber, ...(await run(tx, locked, move)) };
  });
  services.log.info({ returnId, adminId: admin.id }, `return ${step.to}`);
  await deliverReturnEmail(services, done.emailId);
  return { rmaNumber: done.rmaNumber, message: done.message };
}
