// Orders placed through the real checkout use cases (shipping step, Pay, the provider's page,
// settlement), for tests about what happens to an order afterwards: refunds, cancelling, paying later.
import { eq } from "drizzle-orm";
import type { ShippingDetails } from "../../core/checkout";
import type { TaxMode } from "../../core/tax";
import { prepareOrder } from "../../server/checkout/prepare-order";
import { releaseOrder } from "../../server/checkout/settle-order";
import { startPayment } from "../../server/checkout/start-payment";
import { syncPaymentSession } from "../../server/checkout/sync-payment";
import type { Database } from "../../server/db/client";
import { testPaymentSession } from "../../server/db/schema";
import { updateOrder } from "../../server/orders/update-order";
import { submitTestPayment } from "../../server/payments/test-provider";
import { requestReturn } from "../../server/returns/request-return";
import type { Services } from "../../server/services";
import { taxMode } from "../../server/tax/tax-rates";
import { orderRow, TEST_SHIPPING } from "./test-commerce";

type Shopper = { id: string; email: string };

interface OrderOptions {
  couponCode?: string;
  /** Default: the store's (PRICES_INCLUDE_TAX). */
  taxMode?: TaxMode;
  /** Replaces parts of TEST_SHIPPING (Berlin, Germany), e.g. { country: "FR", ... }. */
  shipping?: Partial<ShippingDetails>;
}

/** A pending order made by the shipping step (its stock reserved, no payment page yet): its summary. */
export function prepareTestOrder(
  services: Services,
  shopper: { id: string },
  lines: { variantId: string; quantity: number }[],
  options: OrderOptions = {},
) {
  return prepareOrder({
    services,
    userId: shopper.id,
    lines,
    shipping: { ...TEST_SHIPPING, ...options.shipping },
    couponCode: options.couponCode ?? "",
    taxMode: options.taxMode ?? taxMode(services.config),
  });
}

/** A pending order whose stock is reserved and whose payment page is open: its id and the page. */
export async function placeReservedOrder(
  services: Services,
  shopper: Shopper,
  lines: { variantId: string; quantity: number }[],
  options: OrderOptions = {},
) {
  const summary = await prepareTestOrder(services, shopper, lines, options);
  const { url } = await startPayment({
    services,
    userId: shopper.id,
    customerEmail: shopper.email,
    orderId: summary.orderId,
  });
  const { paymentSessionId } = await orderRow(services.db, summary.orderId);
  return { orderId: summary.orderId, orderNumber: summary.orderNumber, url, sessionId: paymentSessionId! };
}

/**
 * A paid order: reserved, then paid on the test checkout's page with the Visa test card (or, on
 * Stripe, `pay` completes the session at the stand-in) and settled as the success page does.
 */
export async function placePaidOrder(
  services: Services,
  shopper: Shopper,
  lines: { variantId: string; quantity: number }[],
  options: OrderOptions & { pay?: (sessionId: string) => unknown } = {},
) {
  const placed = await placeReservedOrder(services, shopper, lines, options);
  await (options.pay ?? ((sessionId) => payWithTestCard(services, sessionId)))(placed.sessionId);
  const { outcome } = await syncPaymentSession({ services, sessionId: placed.sessionId });
  if (outcome !== "paid") throw new Error(`the test order was not paid: ${outcome}`);
  return placed;
}

/** The shopper pays on the test checkout's page with the Visa test card (not settled yet). */
export function payWithTestCard(services: Services, sessionId: string) {
  return submitTestPayment({
    db: services.db,
    sessionId,
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/34",
    cvc: "123",
  });
}

/** The order's stock given back, as the sweeper ("cancelled") or a payment page that failed ("retry") does. */
export function releaseReservation(
  services: Services,
  orderId: string,
  outcome: Parameters<typeof releaseOrder>[0]["outcome"],
) {
  return releaseOrder({
    db: services.db,
    metrics: services.metrics,
    config: services.config,
    orderId,
    outcome,
  });
}

/** The admin marks an order delivered (as Admin → Orders does): the return window starts. */
export async function markDelivered(services: Services, orderId: string) {
  await updateOrder({ services, orderId, status: "delivered", trackingCode: "" });
}

/** The test checkout's payment page with this id, as stored (undefined if there is none). */
export async function testSessionRow(db: Database, sessionId: string) {
  const [row] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
  return row;
}

/** The test checkout's payment pages opened for an order. */
export const testSessionsOfOrder = (db: Database, orderId: string) =>
  db.select().from(testPaymentSession).where(eq(testPaymentSession.orderId, orderId));

/**
 * A customer's return request through requestReturn, signed with the first word of their name:
 * a refund for "too_small" without a comment unless `input` says otherwise.
 */
export function requestTestReturn(
  services: Services,
  customer: { id: string; email: string; fullName: string },
  orderId: string,
  lines: Array<{ orderItemId: string; quantity: number; exchangeSize?: string }>,
  input: { resolution?: string; reason?: string; comment?: string } = {},
) {
  return requestReturn({
    services,
    user: { id: customer.id, email: customer.email, name: customer.fullName.split(" ")[0]! },
    orderId,
    input: {
      resolution: "refund",
      reason: "too_small",
      comment: "",
      ...input,
      lines: lines.map((line) => ({ ...line, exchangeSize: line.exchangeSize ?? "" })),
    },
  });
}
