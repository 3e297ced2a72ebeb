import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { toResponsiveImage } from "../catalog/product-view";
import type { Database, Transaction } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import {
  order,
  orderItem,
  returnEvent,
  returnItem,
  returnReason,
  returnRequest,
  withdrawal,
} from "../db/schema";
import type { Storage } from "../storage/storage";
import type { ReturnEventView, ReturnView } from "./return-views";

const replacement = alias(order, "replacement");

/** The returns whose `key` is one of the `ids` placeholder's, with their reason, withdrawal and replacement. */
const returnsWhere = (db: Database, key: typeof returnRequest.orderId | typeof returnRequest.id) =>
  db
    .select({
      ret: returnRequest,
      reasonLabel: returnReason.label,
      replacementOrderNumber: replacement.orderNumber,
      withdrawal,
    })
    .from(returnRequest)
    .innerJoin(returnReason, eq(returnReason.code, returnRequest.reasonCode))
    .leftJoin(withdrawal, eq(withdrawal.id, returnRequest.withdrawalId))
    .leftJoin(replacement, eq(replacement.id, returnRequest.replacementOrderId))
    .where(sql`${key} = any(${sql.placeholder("ids")}::uuid[])`)
    .orderBy(asc(returnRequest.createdAt), asc(returnRequest.id));
const returnsOfOrders = preparedPerDatabase((db) =>
  returnsWhere(db, returnRequest.orderId).prepare("returns_of_orders"),
);
const returnsById = preparedPerDatabase((db) => returnsWhere(db, returnRequest.id).prepare("returns_by_id"));

/**
 * The returns of some orders (or some returns by id), oldest first, with their lines and their
 * events: three queries however many there are. Admins also see who made each step.
 */
export async function listReturnViews(options: {
  db: Database | Transaction;
  /** Without it, no image URLs (the data export names none). */
  storage?: Storage;
  where: { orderIds: readonly string[] } | { returnIds: readonly string[] };
  withActors?: boolean;
}): Promise<
  Array<ReturnView & { orderId: string; refundTaxCents: number | null; refundError: string | null }>
> {
  const { db, storage, where } = options;
  const ids = "orderIds" in where ? where.orderIds : where.returnIds;
  if (ids.length === 0) return [];
  const rows = await ("orderIds" in where ? returnsOfOrders : returnsById)(db).execute({ ids });
  if (rows.length === 0) return [];
  const returnIds = rows.map((row) => row.ret.id);
  const [items, events] = await Promise.all([
    db
      .select({ ret: returnItem, line: orderItem })
      .from(returnItem)
      .innerJoin(orderItem, eq(orderItem.id, returnItem.orderItemId))
      .where(inArray(returnItem.returnId, returnIds))
      .orderBy(asc(orderItem.productName), asc(orderItem.size)),
    db
      .select()
      .from(returnEvent)
      .where(inArray(returnEvent.returnId, returnIds))
      .orderBy(asc(returnEvent.createdAt), asc(returnEvent.id)),
  ]);
  return rows.map(({ ret, reasonLabel, replacementOrderNumber, withdrawal: statement }) => ({
    id: ret.id,
    kind: ret.kind,
    withdrawal: statement && {
      statement: statement.statement,
      receivedAt: statement.receivedAt.toISOString(),
      refundDueAt: statement.refundDueAt.toISOString(),
      refundedAt: statement.refundedAt?.toISOString() ?? null,
    },
    proofOfSending: ret.proofOfSending,
    orderId: ret.orderId,
    rmaNumber: ret.rmaNumber,
    state: ret.state,
    resolution: ret.resolution,
    reasonLabel,
    comment: ret.comment,
    rejectionReason: ret.rejectionReason,
    refundCents: ret.state === "refunded" ? ret.refundCents : null,
    refundTaxCents: ret.state === "refunded" ? ret.refundTaxCents : null,
    refundError: ret.refundError,
    replacementOrderNumber,
    createdAt: ret.createdAt.toISOString(),
    items: items
      .filter((entry) => entry.ret.returnId === ret.id)
      .map(({ ret: item, line }) => ({
        id: item.id,
        orderItemId: line.id,
        productName: line.productName,
        size: line.size,
        color: line.color,
        image: storage && line.productImage ? toResponsiveImage(storage, line.productImage) : null,
        quantity: item.quantity,
        exchangeSize: item.exchangeSize,
        condition: item.condition,
      })),
    events: events
      .filter((event) => event.returnId === ret.id)
      .map(
        (event): ReturnEventView => ({
          state: event.state,
          at: event.createdAt.toISOString(),
          actorRole: event.actorRole,
          ...(options.withActors ? { actorEmail: event.actorEmail } : {}),
          note: event.note,
        }),
      ),
  }));
}
