// Order states and how they look (docs/SPEC.md#order-status). Shared by the server, the account pages
// and the admin.

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  "pending",
  /** A delayed method (SEPA Direct Debit) was accepted and its bank has not answered yet: stock held. */
  "processing",
  "paid",
  "failed",
  "cancelled",
  "partially_refunded",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RECEIPT_STATUSES = ["completed", "pending", "failed", "partially_refunded", "refunded"] as const;

/** How long a refund takes to reach the customer, as the returns policy promises (docs/SPEC.md#legal-pages). */
export const REFUND_BUSINESS_DAYS = "5-10";

/**
 * Who an order belongs to once its customer deleted their account: the order is kept for the tax
 * records, detached (user_id null), and the admin screens, the CSV export and the dashboard say this.
 */
export const DELETED_CUSTOMER_LABEL = "Deleted customer";

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** "pending" → "Pending", "partially_refunded" → "Partially refunded". */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");
}

/** What a delayed payment waiting for its bank reads as, to the customer and the admin. */
const PAYMENT_PROCESSING_LABEL = "Payment processing";

/**
 * The status a customer reads: an unpaid order that can still be paid is "Awaiting payment", not
 * the warehouse's "Pending"; one whose bank has not confirmed a delayed payment is "Payment processing".
 */
export function customerStatusLabel(order: { status: string; paymentStatus: string }): string {
  if (order.status === "pending" && order.paymentStatus === "processing") return PAYMENT_PROCESSING_LABEL;
  return order.status === "pending" && order.paymentStatus === "pending"
    ? "Awaiting payment"
    : capitalize(order.status);
}

/** A payment status as the admin reads it: "processing" is "Payment processing", not the order's. */
export function paymentStatusLabel(status: string): string {
  return status === "processing" ? PAYMENT_PROCESSING_LABEL : capitalize(status);
}

export type BadgeTone = "green" | "blue" | "indigo" | "yellow" | "orange" | "amber" | "red" | "gray";

/**
 * The tone a status shows in: its own from `tones`, or `otherwise` for any status the table does
 * not list (including one added later that nobody gave a tone yet).
 */
export function statusTone(
  tones: Readonly<Partial<Record<string, BadgeTone>>>,
  status: string,
  otherwise: BadgeTone,
): BadgeTone {
  return (Object.hasOwn(tones, status) && tones[status]) || otherwise;
}

/** Customer view: delivered green, processing blue, shipped indigo, cancelled red, anything else amber. */
export function customerStatusTone(status: string): BadgeTone {
  return statusTone(
    { delivered: "green", processing: "blue", shipped: "indigo", cancelled: "red" },
    status,
    "amber",
  );
}

/** Admin view: delivered green, shipped blue, processing yellow, pending orange, cancelled red, other grey. */
export function adminStatusTone(status: string): BadgeTone {
  return statusTone(
    { delivered: "green", shipped: "blue", processing: "yellow", pending: "orange", cancelled: "red" },
    status,
    "gray",
  );
}

/** Payment status (admin details): paid green, processing blue, pending yellow, partially refunded amber, otherwise red. */
export function paymentStatusTone(status: string): BadgeTone {
  return statusTone(
    { paid: "green", processing: "blue", pending: "yellow", partially_refunded: "amber" },
    status,
    "red",
  );
}

/** Receipt status: completed green, pending yellow, partially refunded amber, failed red, other gray. */
export function receiptStatusTone(status: string): BadgeTone {
  return statusTone(
    { completed: "green", pending: "yellow", partially_refunded: "amber", failed: "red" },
    status,
    "gray",
  );
}

/** Track Package appears only for shipped or delivered orders that have a code. */
export function canTrack(order: { status: string; trackingCode: string | null }): boolean {
  return Boolean(order.trackingCode) && (order.status === "shipped" || order.status === "delivered");
}

/** The postal service's shipment search for a code (TRACKING_URL_TEMPLATE with `{code}`). */
export function trackingUrl(template: string, code: string): string {
  return template.replaceAll("{code}", encodeURIComponent(code));
}

/**
 * A standalone 5-digit number, optionally followed by a dash and 4 digits
 * (docs/SPEC.md#zip-extraction). The last one wins: the "city, state zip" line comes after the street
 * lines, which may hold numbers too.
 */
export function extractZip(address: string | null | undefined): string | null {
  if (!address) return null;
  const matches = address.match(/(?<![\w-])\d{5}(?:-\d{4})?(?![\w-])/g);
  return matches?.at(-1) ?? null;
}

/**
 * Who the tracking template points at, for "Track on ...": the default template is the German
 * postal service's shipment search; any other is named by its host.
 */
export function trackingServiceName(template: string): string {
  let host: string;
  try {
    host = new URL(template.replaceAll("{code}", "x")).hostname.toLowerCase();
  } catch {
    return "the carrier's site";
  }
  if (host === "deutschepost.de" || host.endsWith(".deutschepost.de")) return "Deutsche Post";
  return host.replace(/^www\./, "");
}
