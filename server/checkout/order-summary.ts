import { asc, eq } from "drizzle-orm";
import { countryName, type OrderLineView, type OrderSummary, type OrderTax } from "../../core/checkout";
import { toResponsiveImage } from "../catalog/product-view";
import type { Database, Transaction } from "../db/client";
import { type Order, type OrderItem, order, orderItem } from "../db/schema";
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
    currency: row.currency,
    status: row.status,
    paymentStatus: row.paymentStatus,
    shippingAddress: row.shippingAddress,
    ...orderTotals(row),
    lines: items.map((item) => ({
      ...orderLineView(storage, item),
      lineTotalCents: item.priceCents * item.quantity,
    })),
  };
}

/** An order line's snapshot as the order's screens show it. */
export function orderLineView(storage: Storage, item: OrderItem): OrderLineView {
  return {
    productId: item.productId,
    name: item.productName,
    size: item.size,
    color: item.color,
    // the snapshot keeps the product's first image id, as product.images does
    image: item.productImage ? toResponsiveImage(storage, item.productImage) : null,
    priceCents: item.priceCents,
    quantity: item.quantity,
    discountCents: item.discountCents,
    netCents: item.netCents,
    taxCents: item.taxCents,
  };
}

/** What the order costs, as priced and saved at checkout: its totals and its VAT. */
export type CheckoutTotals = Pick<
  OrderSummary,
  | "couponCode"
  | "shippingMethod"
  | "subtotalCents"
  | "discountCents"
  | "shippingCents"
  | "taxCents"
  | "totalCents"
  | "tax"
>;

/** The columns an order keeps its VAT in. */
type OrderTaxColumns =
  | "taxCountry"
  | "taxRateBasisPoints"
  | "pricesIncludeTax"
  | "shippingTaxCents"
  | "taxSummary";

export function orderTotals(
  row: Pick<Order, Exclude<keyof CheckoutTotals, "tax"> | OrderTaxColumns>,
): CheckoutTotals {
  return {
    couponCode: row.couponCode,
    shippingMethod: row.shippingMethod,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    tax: orderTax(row),
  };
}

/** The VAT as the order keeps it; null for an order placed before VAT was charged. */
export function orderTax(row: Pick<Order, OrderTaxColumns>): OrderTax | null {
  if (row.taxCountry === null || row.taxRateBasisPoints === null) return null;
  return {
    mode: row.pricesIncludeTax ? "inclusive" : "exclusive",
    country: row.taxCountry,
    countryName: countryName(row.taxCountry),
    rateBasisPoints: row.taxRateBasisPoints,
    shippingTaxCents: row.shippingTaxCents,
    summary: row.taxSummary,
  };
}
