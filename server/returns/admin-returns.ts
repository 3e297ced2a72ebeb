import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { isUuid } from "../../core/ids";
import { type ReturnState, returnMessages, WAITING_RETURN_STATES } from "../../core/returns";
import { daysLeft } from "../../core/withdrawal";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { containsText, listPage } from "../db/list-page";
import { order, returnItem, returnReason, returnRequest, user, withdrawal } from "../db/schema";
import type { Storage } from "../storage/storage";
import { computeReturnRefund } from "./compute-return-refund";
import { listReturnViews } from "./list-return-views";
import type { AdminReturnDetails, AdminReturnList } from "./return-views";

const ADMIN_RETURNS_PAGE_SIZE = 20;

/** The admin's Returns list, newest first: search by RMA, order number or e-mail; filter by state. */
export async function listAdminReturns(options: {
  db: Database;
  query: string;
  state: ReturnState | undefined;
  page: number;
}): Promise<AdminReturnList> {
  const { db } = options;
  const now = new Date();
  const matching = containsText(options.query, [returnRequest.rmaNumber, order.orderNumber, user.email]);
  const where = and(matching, options.state ? eq(returnRequest.state, options.state) : undefined);
  const { page, limit, offset, pageCount } = listPage(options.page, ADMIN_RETURNS_PAGE_SIZE);
  const units = db
    .select({
      returnId: returnItem.returnId,
      units: sql<number>`sum(${returnItem.quantity})::int`.as("units"),
    })
    .from(returnItem)
    .groupBy(returnItem.returnId)
    .as("units");

  const [rows, [total], [waiting], overdue] = await Promise.all([
    db
      .select({
        ret: returnRequest,
        orderNumber: order.orderNumber,
        customerEmail: user.email,
        reasonLabel: returnReason.label,
        itemCount: units.units,
        refundDueAt: withdrawal.refundDueAt,
        refundedAt: withdrawal.refundedAt,
      })
      .from(returnRequest)
      .innerJoin(order, eq(order.id, returnRequest.orderId))
      .innerJoin(returnReason, eq(returnReason.code, returnRequest.reasonCode))
      .leftJoin(withdrawal, eq(withdrawal.id, returnRequest.withdrawalId))
      .leftJoin(user, eq(user.id, returnRequest.userId))
      .leftJoin(units, eq(units.returnId, returnRequest.id))
      .where(where)
      .orderBy(desc(returnRequest.createdAt), desc(returnRequest.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(returnRequest)
      .innerJoin(order, eq(order.id, returnRequest.orderId))
      .leftJoin(user, eq(user.id, returnRequest.userId))
      .where(where),
    db
      .select({ value: count() })
      .from(returnRequest)
      .where(inArray(returnRequest.state, [...WAITING_RETURN_STATES])),
    countOverdueWithdrawals(db, now),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    returns: rows.map((row) => ({
      id: row.ret.id,
      kind: row.ret.kind,
      refundDaysLeft: row.refundDueAt && !row.refundedAt ? daysLeft(row.refundDueAt, now) : null,
      rmaNumber: row.ret.rmaNumber,
      state: row.ret.state,
      resolution: row.ret.resolution,
      orderId: row.ret.orderId,
      orderNumber: row.orderNumber,
      customerEmail: row.customerEmail,
      reasonLabel: row.reasonLabel,
      itemCount: row.itemCount ?? 0,
      createdAt: row.ret.createdAt.toISOString(),
      updatedAt: row.ret.updatedAt.toISOString(),
    })),
    total: totalCount,
    page,
    pageCount: pageCount(totalCount),
    waitingCount: waiting?.value ?? 0,
    overdueWithdrawals: overdue,
  };
}

/**
 * Withdrawals whose refund is past its due date (14 days after the statement) and not given yet,
 * whether the order was cancelled before shipping or the goods are coming back: the dashboard's
 * and the Returns screen's warning (docs/LEGAL.md#withdrawal).
 */
export async function countOverdueWithdrawals(db: Database, now = new Date()): Promise<number> {
  const [overdue] = await db
    .select({ value: count() })
    .from(withdrawal)
    .where(and(isNull(withdrawal.refundedAt), lt(withdrawal.refundDueAt, now)));
  return overdue?.value ?? 0;
}

/** How many returns wait for an admin (requested, approved or received): the sidebar's badge. */
export async function countWaitingReturns(db: Database): Promise<number> {
  const [waiting] = await db
    .select({ value: count() })
    .from(returnRequest)
    .where(inArray(returnRequest.state, [...WAITING_RETURN_STATES]));
  return waiting?.value ?? 0;
}

/** One return with everything the admin decides on: lines, reason, comment, steps, the customer's history. */
export async function getAdminReturn(options: {
  db: Database;
  storage: Storage;
  returnId: string;
}): Promise<AdminReturnDetails> {
  const { db, storage, returnId } = options;
  const [view] = isUuid(returnId)
    ? await listReturnViews({ db, storage, where: { returnIds: [returnId] }, withActors: true })
    : [];
  if (!view) throw new AppError("return_not_found", returnMessages.notFound, 404);
  const [head] = await db
    .select({
      orderNumber: order.orderNumber,
      currency: order.currency,
      userId: returnRequest.userId,
      customerEmail: user.email,
      customerName: user.name,
      state: returnRequest.state,
      resolution: returnRequest.resolution,
    })
    .from(returnRequest)
    .innerJoin(order, eq(order.id, returnRequest.orderId))
    .leftJoin(user, eq(user.id, returnRequest.userId))
    .where(eq(returnRequest.id, returnId));
  if (!head) throw new AppError("return_not_found", returnMessages.notFound, 404);

  const [history, [paid], preview] = await Promise.all([
    head.userId
      ? db
          .select({
            id: returnRequest.id,
            rmaNumber: returnRequest.rmaNumber,
            state: returnRequest.state,
            orderNumber: order.orderNumber,
            createdAt: returnRequest.createdAt,
          })
          .from(returnRequest)
          .innerJoin(order, eq(order.id, returnRequest.orderId))
          .where(and(eq(returnRequest.userId, head.userId), ne(returnRequest.id, returnId)))
          .orderBy(desc(returnRequest.createdAt))
          .limit(20)
      : [],
    head.userId
      ? db
          .select({ value: count() })
          .from(order)
          .where(and(eq(order.userId, head.userId), isNotNull(order.paidAt)))
      : [{ value: 0 }],
    refundPreview(db, returnId, head),
  ]);
  return {
    ...view,
    orderNumber: head.orderNumber,
    currency: head.currency,
    customerEmail: head.customerEmail,
    customerName: head.customerName,
    refundPreviewCents: preview,
    events: view.events.map((event) => ({ ...event, actorEmail: event.actorEmail ?? null })),
    history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    customerOrderCount: paid?.value ?? 0,
  };
}

/** What Refund would give back now, for a refund return not yet refunded (the amount fixed by an earlier press, if any). */
async function refundPreview(
  db: Database,
  returnId: string,
  head: { state: ReturnState; resolution: string },
): Promise<number | null> {
  if (
    head.resolution !== "refund" ||
    head.state === "refunded" ||
    head.state === "rejected" ||
    head.state === "cancelled"
  ) {
    return null;
  }
  const [row] = await db
    .select({ order, fixed: returnRequest.refundCents })
    .from(returnRequest)
    .innerJoin(order, eq(order.id, returnRequest.orderId))
    .where(eq(returnRequest.id, returnId));
  if (!row) return null;
  if (row.fixed !== null) return row.fixed;
  return (await computeReturnRefund(db, row.order, returnId)).cents;
}
