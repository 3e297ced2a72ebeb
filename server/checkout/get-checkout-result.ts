import { and, eq } from "drizzle-orm";
import type { PaidLine } from "../../core/cart";
import { checkoutMessages } from "../../core/checkout";
import { AppError } from "../app-error";
import { order, orderItem } from "../db/schema";
import type { Services } from "../services";
import { type CheckoutTotals, orderTotals } from "./order-summary";
import { syncPaymentSession } from "./sync-payment";

export type CheckoutResult = {
  orderNumber: string;
  /** paid; processing (a delayed payment method has not confirmed yet); unpaid (expired, failed, refunded). */
  state: "paid" | "processing" | "unpaid";
  totals: CheckoutTotals;
  /** The method used, "Visa •••• 4242" or "SEPA Direct Debit •••• 3000"; null when not known. */
  paymentMethodLabel: string | null;
  /** The order's currency, which its totals are in. */
  currency: string;
  /** What the paid (or processing) order bought, size by size, for the cart to take out. */
  paidLines: PaidLine[];
};

/**
 * What /checkout-success shows. The shopper's return is a trigger like a webhook: the session
 * is read from the provider and the order fulfilled here if the webhook has not done it yet.
 * Only the signed-in shopper's own order is ever shown.
 */
export async function getCheckoutResult(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  userId: string;
  sessionId: string;
}): Promise<CheckoutResult> {
  const { services, userId, sessionId } = options;
  const find = async () => {
    const [row] = await services.db
      .select({
        id: order.id,
        orderNumber: order.orderNumber,
        currency: order.currency,
        paymentStatus: order.paymentStatus,
        paymentMethodLabel: order.paymentMethodLabel,
        couponCode: order.couponCode,
        shippingMethod: order.shippingMethod,
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        shippingCents: order.shippingCents,
        taxCents: order.taxCents,
        totalCents: order.totalCents,
        pricesIncludeTax: order.pricesIncludeTax,
        taxCountry: order.taxCountry,
        taxRateBasisPoints: order.taxRateBasisPoints,
        shippingTaxCents: order.shippingTaxCents,
        taxSummary: order.taxSummary,
      })
      .from(order)
      .where(and(eq(order.paymentSessionId, sessionId), eq(order.userId, userId)));
    return row;
  };
  if (!(await find())) throw new AppError("order_not_found", checkoutMessages.orderNotFound, 404);
  let session: Awaited<ReturnType<typeof syncPaymentSession>>["session"];
  try {
    ({ session } = await syncPaymentSession({ services, sessionId }));
  } catch (error) {
    services.log.error({ err: error, sessionId }, "checkout result: payment session not readable");
    throw new AppError("order_unreadable", checkoutMessages.couldNotRetrieve, 502, { cause: error });
  }
  const row = await find();
  if (!row) throw new AppError("order_not_found", checkoutMessages.orderNotFound, 404);
  const state =
    row.paymentStatus === "paid"
      ? "paid"
      : row.paymentStatus === "processing" ||
          (row.paymentStatus === "pending" && session.status === "complete")
        ? "processing"
        : "unpaid";
  // a processing order is bought too (its stock held, its payment on its way): it leaves the cart
  const paidLines =
    state !== "unpaid"
      ? await services.db
          .select({ variantId: orderItem.variantId, quantity: orderItem.quantity })
          .from(orderItem)
          .where(eq(orderItem.orderId, row.id))
      : [];
  return {
    orderNumber: row.orderNumber,
    state,
    paymentMethodLabel: row.paymentMethodLabel ?? session.paymentMethod?.label ?? null,
    totals: orderTotals(row),
    currency: row.currency,
    // a size deleted since names nothing in any cart
    paidLines: paidLines.flatMap(({ variantId, quantity }) => (variantId ? [{ variantId, quantity }] : [])),
  };
}
