import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { containsText, listPage } from "../db/list-page";
import { order, type Receipt, receipt, refund } from "../db/schema";

const RECEIPTS_PAGE_SIZE = 20;

export type ReceiptWithOrder = Receipt & {
  order: {
    orderNumber: string;
    /** The order's currency (ISO 4217, upper case), which its totals and VAT are in. */
    currency: string;
    /** Null once the customer deleted their account. */
    userId: string | null;
    totalCents: number;
    /** The order's VAT: where, at what rate (null: placed before VAT) and how much. */
    taxCountry: string | null;
    taxRateBasisPoints: number | null;
    taxCents: number;
  };
  /** What was given back for the order, each refund (a cancel, or one per return), oldest first. */
  refunds: Array<{ amountCents: number; at: Date; reason: string }>;
};

/**
 * One page of payment receipts, newest first, each with its order. `query` matches receipt
 * number, billing e-mail or order number, case-insensitively. `overallTotal` counts every
 * receipt, so the screen can tell "none yet" from "none match".
 */
export async function searchReceipts(options: {
  db: Database;
  query?: string;
  page?: number;
  pageSize?: number;
}) {
  const { db } = options;
  const { page, limit, offset, pageCount } = listPage(options.page, options.pageSize ?? RECEIPTS_PAGE_SIZE);
  const where = containsText(options.query, [receipt.receiptNumber, receipt.billingEmail, order.orderNumber]);

  const [rows, [matching], [overall]] = await Promise.all([
    db
      .select({
        receipt,
        order: {
          orderNumber: order.orderNumber,
          currency: order.currency,
          userId: order.userId,
          totalCents: order.totalCents,
          taxCountry: order.taxCountry,
          taxRateBasisPoints: order.taxRateBasisPoints,
          taxCents: order.taxCents,
        },
      })
      .from(receipt)
      .innerJoin(order, eq(order.id, receipt.orderId))
      .where(where)
      .orderBy(desc(receipt.createdAt), desc(receipt.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(receipt).innerJoin(order, eq(order.id, receipt.orderId)).where(where),
    db.select({ total: count() }).from(receipt),
  ]);
  const orderIds = rows.map((row) => row.receipt.orderId);
  const refunds =
    orderIds.length > 0
      ? await db
          .select({
            orderId: refund.orderId,
            amountCents: refund.amountCents,
            at: refund.createdAt,
            reason: refund.reason,
          })
          .from(refund)
          .where(inArray(refund.orderId, orderIds))
          .orderBy(asc(refund.createdAt), asc(refund.id))
      : [];
  const total = matching?.total ?? 0;
  return {
    receipts: rows.map((row): ReceiptWithOrder => {
      return {
        ...row.receipt,
        order: row.order,
        refunds: refunds
          .filter((given) => given.orderId === row.receipt.orderId)
          .map(({ orderId, ...given }) => given),
      };
    }),
    total,
    overallTotal: overall?.total ?? 0,
    page,
    pageCount: pageCount(total),
  };
}
