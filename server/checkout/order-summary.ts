import { asc, eq } from "drizzle-orm";
import type { OrderSummary } from "../../core/checkout";
import { toResponsiveImage } from "../catalog/product-view";
import type { Database, Transaction } from "../db/client";
import { order, orderItem } from "../db/schema";
import type { Storage } from "../storage/storage";

/** What the payment step, the success page and the confirmation e-mail show of an order. */
export async function loadOrderSummary(options: {
  db: Database | Transaction;
  storage: Storage;
  orderId: string;
}): Promise<OrderSummary | null> {
  const { db, storage, orderId } = options;
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) return null;
  const items = await db
    .select()
    .from(orderItem)
    .where(eq(orderItem.orderId, orderId))
    .orderBy(asc(orderItem.productName), asc(orderItem.size));
  return {
    orderId: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    couponCode: row.couponCode,
    shippingMethod: row.shippingMethod,
    shippingAddress: row.shippingAddress,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    lines: items.map((item) => ({
      productId: item.productId,
      name: item.productName,
      size: item.size,
      image: item.productImage ? toResponsiveImage(storage, item.productImage) : null,
      priceCents: item.priceCents,
      quantity: item.quantity,
      lineTotalCents: item.priceCents * item.quantity,
    })),
  };
}
