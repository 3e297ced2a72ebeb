import { and, desc, eq, not, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { OrderTax } from "../../core/checkout";
import type { ResponsiveImage } from "../../core/images";
import { canTrack, type OrderStatus, type PaymentStatus, trackingUrl } from "../../core/order";
import type { OrderDocumentLink } from "../../core/order-documents";
import { type WithdrawalPeriod, withdrawalPeriod } from "../../core/withdrawal";
import { toResponsiveImage } from "../catalog/product-view";
import { orderTax } from "../checkout/order-summary";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { qualified } from "../db/qualified";
import { order, orderItem, product, refund, returnRequest } from "../db/schema";
import { orderDocumentLinks, orderDocumentNumbers } from "../invoices/list-order-documents";
import { listReturnViews } from "../returns/list-return-views";
import {
  heldUnits,
  lineBlocker,
  lineDisplayOrder,
  type OrderReturnability,
  orderReturnability,
  returnableUnits,
} from "../returns/return-lines";
import type { ReturnOffer, ReturnView } from "../returns/return-views";
import type { Storage } from "../storage/storage";
import { isCheckoutOnly } from "./placed-order";

/** Shown in the Orders tab when the orders cannot be read (docs/SPEC.md#messages). */
export const CUSTOMER_ORDERS_LOAD_ERROR = "Failed to load your orders. Please try again later.";

/** The account page lists at most this many orders, the newest. */
export const CUSTOMER_ORDERS_LIMIT = 100;

export interface CustomerOrderItem {
  id: string;
  /** Null when the product was deleted after the purchase: the snapshot stays, the link goes. */
  productId: string | null;
  productName: string;
  /** The size as sold. */
  size: string;
  /** The colour as sold; null for a product without colours. */
  color: string | null;
  image: ResponsiveImage | null;
  priceCents: number;
  quantity: number;
}

/** What a customer may see of one of their orders. */
export interface CustomerOrder {
  id: string;
  orderNumber: string;
  /** The currency the order was sold in (ISO 4217, upper case): its amounts are in it. */
  currency: string;
  /** ISO 8601. */
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** How it was paid (or is being paid): "Visa •••• 4242", "SEPA Direct Debit •••• 3000"; null if unknown. */
  paymentMethodLabel: string | null;
  trackingCode: string | null;
  /** The postal service's shipment search, only when the parcel can be tracked (shipped or delivered, with a code). */
  trackingUrl: string | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  /** The VAT charged: included in the total, or added to it (tax.mode). */
  taxCents: number;
  totalCents: number;
  /** Where and at what rate the VAT was charged; null for an order from before the store charged VAT. */
  tax: OrderTax | null;
  shippingAddress: string;
  shippingMethod: string;
  items: CustomerOrderItem[];
  /** What was given back (all refunds together) and when the last was made (ISO), or null. */
  refund: { amountCents: number; createdAt: string } | null;
  /** Unpaid and still payable: the customer may complete the payment or cancel the order. */
  awaitingPayment: boolean;
  /** While an unpaid order holds its stock: until when (ISO). */
  reservedUntil: string | null;
  /** The order's returns, oldest first (docs/RETURNS.md). */
  returns: ReturnView[];
  /** Whether "Return items" is offered, and why not. */
  returnOffer: ReturnOffer;
  /**
   * While the customer may withdraw from the order (docs/LEGAL.md#withdrawal): until when (ISO;
   * null before delivery, when the 14 days have not started). null: not withdrawable.
   */
  withdrawal: { endsAt: string | null } | null;
  /** The invoice and its credit notes, to download (docs/INVOICES.md). */
  documents: OrderDocumentLink[];
}

const thisOrderId = qualified(order, order.id);
const refundOfThisOrder = sql`${refund.orderId} = ${thisOrderId}`;
const lineColumn = (column: PgColumn) => qualified(orderItem, column);

/** An order line as the orders query reads it: what the dialog shows, and what is in a return. */
interface LineRow {
  id: string;
  productId: string | null;
  productName: string;
  size: string;
  color: string | null;
  productImage: string | null;
  priceCents: number;
  quantity: number;
  held: number;
  finalSale: boolean;
}

/** A line with what may still be returned of it. */
type Line = LineRow & { returnable: number };

const customerOrders = preparedPerDatabase((db) =>
  db
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethodLabel: order.paymentMethodLabel,
      currency: order.currency,
      trackingCode: order.trackingCode,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      discountCents: order.discountCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxColumns: {
        pricesIncludeTax: order.pricesIncludeTax,
        taxCountry: order.taxCountry,
        taxRateBasisPoints: order.taxRateBasisPoints,
        shippingTaxCents: order.shippingTaxCents,
        taxSummary: order.taxSummary,
      },
      shippingAddress: order.shippingAddress,
      shippingMethod: order.shippingMethod,
      isReserved: order.isReserved,
      reservedUntil: order.reservedUntil,
      deliveredAt: order.deliveredAt,
      paymentMethod: order.paymentMethod,
      // what was given back, read with the order rather than in a round trip of its own
      refundedCents: sql<
        number | null
      >`(select sum(${refund.amountCents}) from ${refund} where ${refundOfThisOrder})`.mapWith(Number),
      lastRefundAt:
        sql<Date | null>`(select max(${refund.createdAt}) from ${refund} where ${refundOfThisOrder})`.mapWith(
          refund.createdAt,
        ),
      // the invoice and credit notes too, and whether there are returns to read at all
      documentNumbers: orderDocumentNumbers(thisOrderId),
      hasReturns: sql<boolean>`exists (select 1 from ${returnRequest} where ${returnRequest.orderId} = ${thisOrderId})`,
      // and the lines, in display order, with what of each is in a return (as loadReturnableLines)
      lines: sql<LineRow[]>`coalesce((
        select json_agg(json_build_object(
          'id', ${lineColumn(orderItem.id)}, 'productId', ${lineColumn(orderItem.productId)},
          'productName', ${lineColumn(orderItem.productName)}, 'size', ${lineColumn(orderItem.size)},
          'color', ${lineColumn(orderItem.color)}, 'productImage', ${lineColumn(orderItem.productImage)},
          'priceCents', ${lineColumn(orderItem.priceCents)}, 'quantity', ${lineColumn(orderItem.quantity)},
          'held', ${heldUnits(lineColumn(orderItem.id))},
          'finalSale', coalesce(${qualified(product, product.finalSale)}, false)
        ) order by ${lineDisplayOrder})
        from ${orderItem} left join ${product} on ${qualified(product, product.id)} = ${lineColumn(orderItem.productId)}
        where ${lineColumn(orderItem.orderId)} = ${thisOrderId}
      ), '[]')`,
    })
    .from(order)
    .where(and(eq(order.userId, sql.placeholder("userId")), not(isCheckoutOnly)))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(CUSTOMER_ORDERS_LIMIT)
    .prepare("customer_orders"),
);

/**
 * One customer's orders, newest first, with their items: the orders with their refunds, documents
 * and lines (with what of each is in a return) in one query, then their returns when there are
 * any. The same queries whatever the count.
 */
export async function listCustomerOrders(options: {
  db: Database;
  storage: Storage;
  config: Pick<Config, "trackingUrlTemplate" | "returnWindowDays" | "locale" | "timeZone">;
  userId: string;
}): Promise<CustomerOrder[]> {
  const { db, storage, config, userId } = options;
  const rows = await customerOrders(db).execute({ userId });
  if (rows.length === 0) return [];

  const now = new Date();
  const withReturns = rows.filter((row) => row.hasReturns).map((row) => row.id);
  const returns = await listReturnViews({ db, storage, where: { orderIds: withReturns } });

  return rows.map(
    ({
      isReserved,
      reservedUntil,
      taxColumns,
      deliveredAt,
      paymentMethod,
      refundedCents,
      lastRefundAt,
      documentNumbers,
      hasReturns,
      lines: lineRows,
      ...row
    }) => {
      const lines = lineRows.map((line) => ({
        ...line,
        returnable: returnableUnits(line.quantity, line.held),
      }));
      const facts = { status: row.status, paymentStatus: row.paymentStatus, paymentMethod, deliveredAt };
      return {
        ...row,
        returns: returns
          .filter((entry) => entry.orderId === row.id)
          .map(({ orderId, refundTaxCents, refundError, ...view }) => view),
        returnOffer: offer(orderReturnability(facts, config, now), lines),
        withdrawal: withdrawalOffer(
          withdrawalPeriod(facts, now, (value) => value.toISOString()),
          lines,
        ),
        tax: orderTax(taxColumns),
        documents: orderDocumentLinks("customer", row.id, documentNumbers ?? []),
        createdAt: row.createdAt.toISOString(),
        refund:
          lastRefundAt && refundedCents !== null
            ? { amountCents: refundedCents, createdAt: lastRefundAt.toISOString() }
            : null,
        awaitingPayment: row.status === "pending" && row.paymentStatus === "pending",
        reservedUntil:
          row.paymentStatus === "pending" && isReserved && reservedUntil ? reservedUntil.toISOString() : null,
        trackingUrl:
          row.trackingCode && canTrack(row)
            ? trackingUrl(config.trackingUrlTemplate, row.trackingCode)
            : null,
        items: lines.map((line) => ({
          id: line.id,
          productId: line.productId,
          productName: line.productName,
          size: line.size,
          color: line.color,
          image: line.productImage ? toResponsiveImage(storage, line.productImage) : null,
          priceCents: line.priceCents,
          quantity: line.quantity,
        })),
      };
    },
  );
}

/** While the period is open and, once shipped, some unit is in no return yet. */
function withdrawalOffer(period: WithdrawalPeriod, lines: readonly Line[]): CustomerOrder["withdrawal"] {
  if (!period.open) return null;
  if (period.shipped && !lines.some((line) => line.returnable > 0)) return null;
  return { endsAt: period.endsAt?.toISOString() ?? null };
}

/** "Return items" while the window is open and some line can still be returned; otherwise why not. */
function offer(returnability: OrderReturnability, lines: readonly Line[]): ReturnOffer {
  if (!returnability.ok)
    return { available: false, message: returnability.quiet ? null : returnability.message };
  if (!lines.some((line) => lineBlocker(line) === null)) {
    return {
      available: false,
      message: "Every item of this order is already in a return or cannot be returned.",
    };
  }
  return { available: true, windowEndsAt: returnability.windowEndsAt.toISOString() };
}
