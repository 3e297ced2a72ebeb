import { and, asc, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { ResponsiveImage } from "../../core/images";
import { canTrack, type OrderStatus, type PaymentStatus, trackingUrl } from "../../core/order";
import { toResponsiveImage } from "../catalog/product-view";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { type OrderItem, order, orderItem } from "../db/schema";
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
  totalCents: number;
  shippingAddress: string;
  shippingMethod: string;
  items: CustomerOrderItem[];
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
      totalCents: order.totalCents,
      shippingAddress: order.shippingAddress,
      shippingMethod: order.shippingMethod,
    })
    .from(order)
    .where(and(eq(order.userId, userId), isPlacedOrder))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(CUSTOMER_ORDERS_LIMIT);
  if (rows.length === 0) return [];

  const items = await db
    .select()
    .from(orderItem)
    .where(
      inArray(
        orderItem.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItem.productName), asc(orderItem.id));
  const itemsByOrder = new Map<string, OrderItem[]>();
  for (const item of items) {
    const lines = itemsByOrder.get(item.orderId);
    if (lines) lines.push(item);
    else itemsByOrder.set(item.orderId, [item]);
  }

  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
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
  }));
}
