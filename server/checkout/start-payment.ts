import { and, eq, isNull } from "drizzle-orm";
import { checkoutMessages } from "../../core/checkout";
import { couponMessages, couponProblem } from "../../core/coupon";
import { imageKey } from "../../core/images";
import { AppError, isAppError } from "../app-error";
import { coupon, order, orderItem } from "../db/schema";
import { type CheckoutSession, PaymentProviderError } from "../payments/payment-provider";
import type { Services } from "../services";
import { paymentLines } from "./payment-lines";
import { redeemCoupon, takeStock } from "./reserve-stock";
import { releaseOrder } from "./settle-order";
import { syncPaymentSession } from "./sync-payment";

/** The hosted page stays payable this long (Stripe refuses less than 30 minutes from its clock). */
export const CHECKOUT_SESSION_MS = 31 * 60 * 1000;
/** The reservation outlives the session a little, so a payment made in its last second still finds it. */
export const RESERVATION_GRACE_MS = 5 * 60 * 1000;
/**
 * How long stock is held before the payment page exists. If the process dies between taking the
 * stock and saving the session, the sweeper gives it back after this, not after the session's
 * 36 minutes. It must outlast the provider's slowest answer (the Stripe driver: 30 s timeout, two
 * retries), or a slow but successful Pay would find its reservation gone.
 */
export const FIRST_HOLD_MS = 2 * 60 * 1000;

/** Refusals by reserve-stock.ts that mean the goods are gone (counted as "out_of_stock"). */
const STOCK_REFUSALS = new Set(["not_enough_stock", "product_missing"]);

export type PaymentServices = Pick<
  Services,
  "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics"
>;

/** A customer's press of Pay (or of "Complete payment") for an order of their own. */
export interface PaymentRequest {
  services: PaymentServices;
  userId: string;
  customerEmail: string;
  orderId: string;
  now?: Date;
}

/** The customer's own order: another customer's order id answers as an unknown one. */
export async function findOwnOrder(db: PaymentServices["db"], orderId: string, userId: string) {
  const [found] = await db
    .select()
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.userId, userId)));
  return found;
}

/**
 * The payment step (docs/ARCHITECTURE.md#reservation): reserves the stock of every line and the coupon
 * use in one transaction, held for FIRST_HOLD_MS; then opens the provider's hosted payment page, saves
 * it and extends the hold to the session's life, and returns its address.
 */
export async function startPayment(options: PaymentRequest): Promise<{ url: string }> {
  const { services, userId, orderId } = options;
  const { db, payments, config } = services;
  const now = options.now ?? new Date();

  const current = await findOwnOrder(db, orderId, userId);
  if (!current) throw new AppError("order_not_found", checkoutMessages.orderNotFound, 404);
  if (current.status !== "pending" || current.paymentStatus !== "pending") {
    throw new AppError("order_not_payable", checkoutMessages.orderNotPayable, 409);
  }
  if (current.isReserved && current.paymentSessionId) {
    // the shopper came back from the payment page: send them to the same session if still open
    const session = await payments.retrieveSession(current.paymentSessionId);
    if (session.status === "open" && session.url) return { url: session.url };
    await syncPaymentSession({ services, sessionId: current.paymentSessionId });
    throw new AppError("order_not_payable", checkoutMessages.orderNotPayable, 409);
  }

  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_MS);
  const reserved = await db
    .transaction(async (tx) => {
      // conditional: a second Pay press while the first is on its way reserves nothing twice
      const [claimed] = await tx
        .update(order)
        .set({ isReserved: true, reservedUntil: new Date(now.getTime() + FIRST_HOLD_MS) })
        .where(and(eq(order.id, orderId), eq(order.isReserved, false), eq(order.paymentStatus, "pending")))
        .returning();
      if (!claimed) throw new AppError("order_not_payable", checkoutMessages.orderNotPayable, 409);
      const items = await tx.select().from(orderItem).where(eq(orderItem.orderId, orderId));
      await takeStock(tx, items);
      if (claimed.couponId && !(await redeemCoupon(tx, claimed.couponId, now))) {
        const [current] = await tx.select().from(coupon).where(eq(coupon.id, claimed.couponId));
        throw new AppError(
          "coupon_refused",
          couponProblem(current, claimed.subtotalCents, services.config, now) ?? couponMessages.invalid,
          409,
        );
      }
      return { order: claimed, items };
    })
    .catch((error: unknown) => {
      if (isAppError(error) && STOCK_REFUSALS.has(error.code)) services.metrics.countCheckout("out_of_stock");
      if (isAppError(error) && error.code === "coupon_refused")
        services.metrics.countCheckout("coupon_refused");
      throw error;
    });

  const { order: reservedOrder, items } = reserved;
  let session: CheckoutSession;
  try {
    session = await payments.createCheckoutSession({
      orderId,
      orderNumber: reservedOrder.orderNumber,
      ...paymentLines({
        order: reservedOrder,
        items,
        imageUrl: (imageId) => absoluteImageUrl(services, imageId),
        money: { currency: reservedOrder.currency, locale: config.locale },
      }),
      totalCents: reservedOrder.totalCents,
      // the order's own: priced in the store's currency when the checkout was saved
      currency: reservedOrder.currency.toLowerCase(),
      customerEmail: options.customerEmail,
      successUrl: `${config.publicUrl}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.publicUrl}/cart?cancelled=${orderId}`,
      expiresAt,
      // one key per attempt: a retried request finds its session, a new attempt gets a new one
      idempotencyKey: `checkout-${orderId}-${reservedOrder.updatedAt.getTime()}`,
    });
  } catch (error) {
    await releaseOrder({ db, metrics: services.metrics, config: services.config, orderId, outcome: "retry" });
    services.metrics.countCheckout("payment_page_failed");
    services.log.error({ err: error, orderId }, "payment session not created; reservation released");
    const userMessage = error instanceof PaymentProviderError ? error.userMessage : null;
    throw new AppError("payment_session_failed", userMessage ?? checkoutMessages.sessionFailed, 502, {
      cause: error,
    });
  }

  // conditional: only a reservation still held and without a session gets this one
  const [saved] = await db
    .update(order)
    .set({
      paymentSessionId: session.id,
      reservedUntil: new Date(expiresAt.getTime() + RESERVATION_GRACE_MS),
      // from here on it is an order to the customer and the admin, no longer only a checkout
      paymentStartedAt: reservedOrder.paymentStartedAt ?? now,
    })
    .where(
      and(
        eq(order.id, orderId),
        eq(order.isReserved, true),
        eq(order.paymentStatus, "pending"),
        isNull(order.paymentSessionId),
      ),
    )
    .returning({ id: order.id });
  if (!saved) {
    // the provider answered after the first hold ran out and the sweeper gave the stock back:
    // close the page so nobody pays for stock that is no longer held
    await payments.expireSession(session.id).catch((err: unknown) => {
      services.log.error({ err, orderId, sessionId: session.id }, "could not close a session without stock");
    });
    services.log.warn({ orderId, sessionId: session.id }, "payment session created after its hold ran out");
    throw new AppError("order_not_payable", checkoutMessages.orderNotPayable, 409);
  }
  services.metrics.countCheckout("payment_started");
  return { url: session.url };
}

/** Providers show product pictures only from public https addresses. */
function absoluteImageUrl(services: PaymentServices, imageId: string): string | undefined {
  const url = new URL(services.storage.publicUrl(imageKey(imageId, 640)), services.config.publicUrl);
  return url.protocol === "https:" ? url.href : undefined;
}
