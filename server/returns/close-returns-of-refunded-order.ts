import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { returnMessages, WAITING_RETURN_STATES } from "../../core/returns";
import { returnStock } from "../checkout/reserve-stock";
import type { Transaction } from "../db/client";
import { type Order, orderItem, returnItem, returnRequest } from "../db/schema";
import { moveReturn, type ReturnActor, type ReturnServices } from "./return-workflow";

/**
 * Closes the returns an admin still had to finish (requested, approved, received) of an order the
 * store has just cancelled and refunded in full (server/orders/cancel-paid-order.ts), in the
 * refund's transaction and under its lock on the order: the customer has every item's price back,
 * so nothing is left to refund or to exchange (a replacement now would ship for nothing). Each
 * becomes cancelled, with an event saying why and by whom, and the customer's e-mail is queued;
 * the sizes set aside for an exchange on its approval go back to stock. Returns how many were
 * closed and the e-mails' ids, to deliver after the commit.
 */
export async function closeReturnsOfRefundedOrder(options: {
  tx: Transaction;
  services: Pick<ReturnServices, "config" | "log">;
  order: Order;
  /** Who refunded it: an admin, or the customer's withdrawal. */
  actor: ReturnActor;
}): Promise<{ closed: number; emailIds: string[] }> {
  const { tx, services, order, actor } = options;
  const open = await tx
    .select()
    .from(returnRequest)
    .where(and(eq(returnRequest.orderId, order.id), inArray(returnRequest.state, [...WAITING_RETURN_STATES])))
    .orderBy(asc(returnRequest.createdAt))
    .for("update");
  if (open.length === 0) return { closed: 0, emailIds: [] };
  const reason = returnMessages.closedByFullRefund(order.orderNumber);
  const emailIds: string[] = [];
  for (const ret of open) {
    if (ret.resolution === "exchange" && ret.state !== "requested") {
      const setAside = await tx
        .select({
          productId: orderItem.productId,
          variantId: returnItem.exchangeVariantId,
          productName: orderItem.productName,
          size: sql<string>`coalesce(${returnItem.exchangeSize}, ${orderItem.size})`,
          quantity: returnItem.quantity,
        })
        .from(returnItem)
        .innerJoin(orderItem, eq(orderItem.id, returnItem.orderItemId))
        .where(eq(returnItem.returnId, ret.id));
      await returnStock(tx, setAside, { config: services.config });
    }
    const emailId = await moveReturn({
      tx,
      services,
      locked: { ret, order },
      actor,
      update: { state: "cancelled", closedBecause: reason },
      note: `Closed: order ${order.orderNumber} was cancelled and refunded in full`,
    });
    if (emailId) emailIds.push(emailId);
  }
  return { closed: open.length, emailIds };
}

/**
 * Units of the order's lines that came back through returns and were dealt with on arrival
 * (marked received: sellable ones are back in stock already, damaged ones are not to be), per
 * order line; a full cancellation restocks only the rest.
 */
export async function unitsReceivedBack(tx: Transaction, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: returnItem.orderItemId, units: sql<number>`sum(${returnItem.quantity})::int` })
    .from(returnItem)
    .innerJoin(returnRequest, eq(returnRequest.id, returnItem.returnId))
    .where(and(eq(returnRequest.orderId, orderId), isNotNull(returnItem.condition)))
    .groupBy(returnItem.orderItemId);
  return new Map(rows.map((row) => [row.orderItemId, row.units]));
}
