import { and, asc, desc, eq, inArray, isNotNull, max, or, sql, sum } from "drizzle-orm";
import type { OrderTax } from "../../core/checkout";
import type { ResponsiveImage } from "../../core/images";
import { canTrack, type OrderStatus, type PaymentStatus, trackingUrl } from "../../core/order";
import { toResponsiveImage } from "../catalog/product-view";
import { orderTax } from "../checkout/order-summary";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { type OrderItem, order, orderItem, refund } from "../db/schema";
import type { Storage } from "../storage/storage";

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
  image: ResponsiveImage | null;
  priceCents: number;
  quantity: number;
}

/** What a customer may see of one of their orders. */
export interface CustomerOrder {
  id: string;
  orderNumber: string;
  /** ISO 8601. */
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
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
  /**
   * While an unpaid order holds its stock: until when (ISO). The customer may then complete the
   * payment or cancel the order.
   */
  reservedUntil: string | null;
}

/**
 * Orders the customer actually placed: paid, or awaiting payment while holding their stock.
 * A checkout abandoned before payment (never reserved, or released and cancelled) is not an order
 * to them.
 */
const isPlacedOrder = or(
  isNotNull(order.paidAt),
  and(eq(order.paymentStatus, "pending"), eq(order.isReserved, true)),
)!;

/** One customer's orders, newest first, with their items (two queries, whatever the count). */
export async function listCustomerOrders(options: {
  db: Database;
  storage: Storage;
  config: Pick<Config, "trackingUrlTemplate">;
  userId: string;
}): Promise<CustomerOrder[]> {
  const { db, storage, config, userId } = options;
  const rows = await db
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: order.status,
      paymentStatus: order.paymentStatus,
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
    })
    .from(order)
    .where(and(eq(order.userId, userId), isPlacedOrder))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(CUSTOMER_ORDERS_LIMIT);
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const [items, refunds] = await Promise.all([
    db
      .select()
      .from(orderItem)
      .where(inArray(orderItem.orderId, ids))
      .orderBy(asc(orderItem.productName), asc(orderItem.id)),
    db
      .select({
        orderId: refund.orderId,
        amountCents: sql<number>`${sum(refund.amountCents)}`.mapWith(Number),
        at: max(refund.createdAt),
      })
      .from(refund)
      .where(inArray(refund.orderId, ids))
      .groupBy(refund.orderId),
  ]);
  const refundByOrder = new Map(refunds.map((row) => [row.orderId, row]));
  const itemsByOrder = new Map<string, OrderItem[]>();
  for (const item of items) {
    const lines = itemsByOrder.get(item.orderId);
    if (lines) lines.push(item);
    else itemsByOrder.set(item.orderId, [item]);
  }

  return rows.map(({ isReserved, reservedUntil, taxColumns, ...row }) => {
    const given = refundByOrder.get(row.id);
    return {
      ...row,
      tax: orderTax(taxColumns),
      createdAt: row.createdAt.toISOString(),
      refund: given?.at ? { amountCents: given.amountCents, createdAt: given.at.toISOString() } : null,
      reservedUntil:
        row.paymentStatus === "pending" && isReserved && reservedUntil ? reservedUntil.toISOString() : null,
      trackingUrl:
        row.trackingCode && canTrack(row) ? trackingUrl(config.trackingUrlTemplate, row.trackingCode) : null,
      items: (itemsByOrder.get(row.id) ?? []).map((item) => ({
        id: item.id,
        productId: item.productId,
        productName: item.productName,
        size: item.size,
        image: item.productImage ? toResponsiveImage(storage, item.productImage) : null,
        priceCents: item.priceCents,
        quantity: item.quantity,
      })),
    };
  });
}
