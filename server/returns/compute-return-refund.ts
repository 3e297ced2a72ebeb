import { and, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import { lineRefund, paidLine, paidShipping } from "../../core/returns";
import type { Database, Transaction } from "../db/client";
import { type Order, type OrderItem, orderItem, returnItem, returnRequest } from "../db/schema";
import { loadReturnItems } from "./return-lines";

/** One line's part of a return's refund: its units, and the money and VAT they give back. */
export interface ReturnRefundLine {
  item: OrderItem;
  units: number;
  cents: number;
  taxCents: number;
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
  const parts = await returnRefundParts(tx, row, returnId);
  const all = [...parts.lines, ...(parts.shipping ? [parts.shipping] : [])];
  return {
    cents: all.reduce((total, part) => total + part.cents, 0),
    taxCents: all.reduce((total, part) => total + part.taxCents, 0),
  };
}

/** computeReturnRefund line by line (and the shipping, when this return refunds it): a credit note's lines. */
export async function returnRefundParts(
  tx: Database | Transaction,
  row: Order,
  returnId: string,
): Promise<{ lines: ReturnRefundLine[]; shipping: { cents: number; taxCents: number } | null }> {
  const [items, earlier, all] = await Promise.all([
    loadReturnItems(tx, returnId),
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
  let refundedUnits = earlier.reduce((total, entry) => total + entry.units, 0);
  const lines = items.map(({ ret, line }): ReturnRefundLine => {
    const part = lineRefund(paidLine(line, row.pricesIncludeTax), before.get(line.id) ?? 0, ret.quantity);
    refundedUnits += ret.quantity;
    return { item: line, units: ret.quantity, ...part };
  });
  return { lines, shipping: refundedUnits === (all[0]?.units ?? 0) ? paidShipping(row) : null };
}
