import { and, eq } from "drizzle-orm";
import { AppError } from "../app-error";
import { order } from "../db/schema";
import type { Services } from "../services";
import { cancelCheckout } from "./cancel-checkout";

export const cancelPendingOrderMessages = {
  notFound: "No order information found",
  paid: "This order is already paid, so it cannot be cancelled here. Please contact us.",
  paidMeanwhile: "Your payment went through meanwhile, so the order was not cancelled.",
  processing: "Your payment is being processed, so the order can no longer be cancelled here.",
  cancelled: (orderNumber: string) => `Order ${orderNumber} cancelled`,
} as const;

/**
 * "Cancel order" in My Orders, for an order of the customer's own that awaits payment: its payment
 * page is closed first, so it can no longer be paid, and its stock and coupon use are given back at
 * once (docs/ARCHITECTURE.md#release). A payment that got through before the page closed wins: the
 * order is fulfilled instead and the customer told. Cancelling an order already cancelled is a no-op.
 */
export async function cancelPendingOrder(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  userId: string;
  orderId: string;
}): Promise<{ orderNumber: string }> {
  const { services, userId, orderId } = options;
  const read = async () => {
    const [row] = await services.db
      .select({ orderNumber: order.orderNumber, status: order.status, paymentStatus: order.paymentStatus })
      .from(order)
      .where(and(eq(order.id, orderId), eq(order.userId, userId)));
    return row;
  };

  const current = await read();
  if (!current) throw new AppError("order_not_found", cancelPendingOrderMessages.notFound, 404);
  if (current.paymentStatus === "paid")
    throw new AppError("order_paid", cancelPendingOrderMessages.paid, 409);
  if (current.paymentStatus !== "pending") return { orderNumber: current.orderNumber };

  await cancelCheckout({ services, userId, orderId });

  const after = await read();
  if (after?.paymentStatus === "paid") {
    throw new AppError("paid_meanwhile", cancelPendingOrderMessages.paidMeanwhile, 409);
  }
  if (after?.paymentStatus === "pending") {
    throw new AppError("payment_processing", cancelPendingOrderMessages.processing, 409);
  }
  return { orderNumber: current.orderNumber };
}
