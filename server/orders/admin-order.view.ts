import type { OrderLineView, OrderTax } from "../../core/checkout";
import { trackingUrl } from "../../core/order";
import type { OrderDocumentLink } from "../../core/order-documents";
import { orderLineView, orderTax } from "../checkout/order-summary";
import type { Config } from "../config";
import { listOrderDocuments } from "../invoices/list-order-documents";
import type { Storage } from "../storage/storage";
import { type AdminOrder, searchAdminOrders } from "./search-admin-orders";

/** One line of an order as the admin screens show it. */
export interface AdminOrderItemView extends OrderLineView {
  id: string;
  taxRateBasisPoints: number;
}

/** Money given back for an order. */
export interface AdminRefundView {
  id: string;
  amountCents: number;
  /** The VAT given back with it (0 for an order placed before VAT). */
  taxCents: number;
  reason: string;
  /** The provider's refund id ("re_..." at Stripe), for looking it up there. */
  providerRefundId: string;
  /** The admin who refunded; null when the store did on its own (a late payment without stock). */
  createdByEmail: string | null;
  createdAt: string;
}

/** What the admin screens get of an order (dates as ISO strings). */
export interface AdminOrderView {
  id: string;
  orderNumber: string;
  /** The currency the order was sold in (ISO 4217, upper case): every amount here is in it. */
  currency: string;
  /** Null once the customer deleted their account: the order is kept, detached ("Deleted customer"). */
  userId: string | null;
  customerEmail: string | null;
  customerName: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  /** The method the customer used, "Visa •••• 4242"; null before the payment page completed. */
  paymentMethodLabel: string | null;
  shippingMethod: string;
  shippingCents: number;
  shippingAddress: string;
  shippingNote: string | null;
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The order's VAT, lines and shipping; included in the total or added to it (`tax.mode`). */
  taxCents: number;
  /** Where and at what rate VAT was charged; null for an order placed before VAT. */
  tax: OrderTax | null;
  trackingCode: string | null;
  /** The postal service's page for the tracking code, when there is one. */
  trackingHref: string | null;
  attentionReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  itemCount: number;
  items: AdminOrderItemView[];
  refunds: AdminRefundView[];
  /** The invoice and its credit notes, to download (docs/INVOICES.md). */
  documents: OrderDocumentLink[];
}

/** An order row as the admin screens get it: dates as ISO strings, images as URLs, the tracking link. */
function toAdminOrderView(
  order: AdminOrder,
  options: {
    storage: Storage;
    config: Pick<Config, "trackingUrlTemplate">;
    documents: Map<string, OrderDocumentLink[]>;
  },
): AdminOrderView {
  const { storage, config } = options;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    currency: order.currency,
    userId: order.userId,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: order.paymentMethodLabel,
    shippingMethod: order.shippingMethod,
    shippingCents: order.shippingCents,
    shippingAddress: order.shippingAddress,
    shippingNote: order.shippingNote,
    couponCode: order.couponCode,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    taxCents: order.taxCents,
    tax: orderTax(order),
    trackingCode: order.trackingCode,
    trackingHref: order.trackingCode ? trackingUrl(config.trackingUrlTemplate, order.trackingCode) : null,
    attentionReason: order.attentionReason,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    itemCount: order.itemCount,
    items: order.items.map((item) => ({
      id: item.id,
      ...orderLineView(storage, item),
      taxRateBasisPoints: item.taxRateBasisPoints,
    })),
    refunds: order.refunds.map((given) => ({
      id: given.id,
      amountCents: given.amountCents,
      taxCents: given.taxCents,
      reason: given.reason,
      providerRefundId: given.providerRefundId,
      createdByEmail: given.createdByEmail,
      createdAt: given.createdAt.toISOString(),
    })),
    documents: options.documents.get(order.id) ?? [],
  };
}

/** One page of the admin's order list (searchAdminOrders), shaped for the screen. */
export async function searchAdminOrderViews(
  options: Parameters<typeof searchAdminOrders>[0] & {
    storage: Storage;
    config: Pick<Config, "trackingUrlTemplate">;
  },
) {
  const result = await searchAdminOrders(options);
  const documents = await listOrderDocuments(
    options.db,
    result.orders.map((order) => order.id),
    "admin",
  );
  return {
    ...result,
    orders: result.orders.map((order) => toAdminOrderView(order, { ...options, documents })),
  };
}
