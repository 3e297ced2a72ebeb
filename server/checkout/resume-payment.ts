import { checkoutMessages } from "../../core/checkout";
import { AppError, isAppError } from "../app-error";
import { releaseOrder } from "./settle-order";
import { findOwnOrder, type PaymentRequest, startPayment } from "./start-payment";
import { syncPaymentSession } from "./sync-payment";

export const resumePaymentMessages = {
  notFound: checkoutMessages.orderNotFound,
  alreadyPaid: "This order is already paid.",
  processing: "Your payment is being processed. We will e-mail you as soon as it is confirmed.",
  ended: "This order is no longer awaiting payment. Please add the items to your cart and order again.",
  /** After the shop's own message of what is missing ("Ash Hoodie (M) is sold out."). */
  notReserved: "Your order could not be reserved again, so it was cancelled. Nothing was charged.",
} as const;

/** The refusals of a new reservation: stock or the coupon gone since the order was placed. */
const RESERVATION_REFUSALS = new Set(["not_enough_stock", "product_missing", "coupon_refused"]);

/**
 * "Complete payment" in My Orders, for an order of the customer's own that awaits payment
 * (docs/ARCHITECTURE.md#reservation). While its payment page is open, the customer goes back to that
 * page (no second session, no second reservation). Once the page has expired, it is closed for
 * good, so its hold is given back and startPayment reserves the stock and the coupon again and
 * opens a new page, as a new press of Pay does; if the stock is gone meanwhile, the order is
 * cancelled and the customer told what is missing.
 */
export async function resumePayment(options: PaymentRequest): Promise<{ url: string }> {
  const { services, userId, orderId } = options;
  const { db, payments } = services;

  const current = await findOwnOrder(db, orderId, userId);
  if (!current) throw new AppError("order_not_found", resumePaymentMessages.notFound, 404);
  if (current.paymentStatus === "paid")
    throw new AppError("order_paid", resumePaymentMessages.alreadyPaid, 409);
  if (current.status !== "pending" || current.paymentStatus !== "pending") {
    throw new AppError("order_not_payable", resumePaymentMessages.ended, 409);
  }

  if (current.isReserved && current.paymentSessionId) {
    const session = await payments.retrieveSession(current.paymentSessionId);
    if (session.status === "open" && session.url) return { url: session.url };
    if (session.status === "complete") {
      // paid meanwhile (its webhook not yet handled), or a delayed method under way: never a second charge
      const { outcome } = await syncPaymentSession({ services, sessionId: current.paymentSessionId });
      throw outcome === "paid" || outcome === "already-settled"
        ? new AppError("order_paid", resumePaymentMessages.alreadyPaid, 409)
        : new AppError("payment_processing", resumePaymentMessages.processing, 409);
    }
    // expired: that page can never be paid now, so its hold may be given back and taken anew
    await releaseOrder({ db, metrics: services.metrics, config: services.config, orderId, outcome: "retry" });
  }

  try {
    return await startPayment(options);
  } catch (error) {
    if (!isAppError(error) || !RESERVATION_REFUSALS.has(error.code)) throw error;
    // hidden from My Orders once it holds nothing: cancel it now rather than leave it to the sweeper
    await releaseOrder({
      db,
      metrics: services.metrics,
      config: services.config,
      orderId,
      outcome: "cancelled",
    });
    throw new AppError(error.code, `${error.userMessage} ${resumePaymentMessages.notReserved}`, 409, {
      cause: error,
    });
  }
}
