import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus, trackingUrl } from "../../core/order";
import { AppError } from "../app-error";
import { cancelCheckout } from "../checkout/cancel-checkout";
import type { Config } from "../config";
import type { Transaction } from "../db/client";
import { order, orderItem, user } from "../db/schema";
import type { Logger } from "../logger";
import { enqueueEmail } from "../mail/enqueue-email";
import { orderShippedEmail } from "../mail/templates/order-shipped";
import type { Services } from "../services";

export const UPDATE_ORDER_FAILED = "Failed to update order. Please try again.";

export const cancelOrderMessages = {
  /** A plain status change must not cancel a paid order without giving the money back. */
  refundRequired: "Cancelling a paid order refunds it: confirm the refund to cancel it.",
  paymentProcessing:
    "This order's payment is still processing at the customer's bank: wait for it to settle or fail before cancelling.",
  paidMeanwhile: "The customer paid this order meanwhile, so it was not cancelled.",
} as const;
const TRACKING_CODE_MAX_LENGTH = 64;

const updateSchema = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  // empty means "no code"; control characters would end up in a URL and an e-mail
  trackingCode: z
    .string()
    .trim()
    .max(TRACKING_CODE_MAX_LENGTH)
    .regex(/^[^\p{Cc}]*$/u)
    .transform((value) => value || null),
});

export interface UpdateOrderResult {
  orderNumber: string;
  status: OrderStatus;
  trackingCode: string | null;
  /** Whether the customer was e-mailed about the shipment: null when no e-mail was due. */
  customerNotified: boolean | null;
}

/**
 * An admin sets an order's status and tracking code; any status may follow any other
 * (docs/SPEC.md#order-status). When the order is (still) shipped and its tracking code is new, the
 * shipped e-mail is queued in the same transaction (docs/decisions/016-mail-queue.md) and tried at
 * once after the commit; an e-mail that fails is retried by the mail queue and does not undo the change.
 */
export async function updateOrder(options: {
  /**
   * The mail queue that delivers the shipped e-mail; and for cancelling an unpaid order: its payment
   * page is closed and its reservation released.
   */
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  orderId: string;
  status: string;
  trackingCode: string;
}): Promise<UpdateOrderResult> {
  const { services } = options;
  const parsed = updateSchema.safeParse(options);
  if (!parsed.success) {
    throw new AppError("invalid_order_update", UPDATE_ORDER_FAILED, 400, {
      logMessage: `invalid order update: ${parsed.error.message}`,
    });
  }
  const { orderId, status, trackingCode } = parsed.data;

  if (status === "cancelled") await cancelFirst({ services, orderId });

  const change = await services.db.transaction(async (tx) => {
    // the row lock makes two admins saving at once see each other's change, so the
    // shipped e-mail goes out once, for the save that actually made the transition
    const [before] = await tx
      .select({
        orderNumber: order.orderNumber,
        userId: order.userId,
        status: order.status,
        trackingCode: order.trackingCode,
      })
      .from(order)
      .where(eq(order.id, orderId))
      .for("update");
    if (!before) throw new AppError("order_not_found", UPDATE_ORDER_FAILED, 404);
    if (before.status !== status || before.trackingCode !== trackingCode) {
      // the return window counts from the (last) delivery (docs/RETURNS.md#eligibility)
      const delivered =
        status === "delivered" && before.status !== "delivered" ? { deliveredAt: new Date() } : {};
      await tx
        .update(order)
        .set({ status, trackingCode, ...delivered })
        .where(eq(order.id, orderId));
    }
    const shipmentIsNews =
      status === "shipped" &&
      trackingCode !== null &&
      (before.status !== "shipped" || before.trackingCode !== trackingCode);
    const emailId = shipmentIsNews
      ? await queueShippedEmail({
          config: services.config,
          log: services.log,
          tx,
          orderId,
          userId: before.userId,
          orderNumber: before.orderNumber,
          trackingCode,
        })
      : undefined;
    return { ...before, emailId };
  });

  let customerNotified: boolean | null = null;
  if (change.emailId === null) customerNotified = false;
  if (change.emailId) {
    // awaited, so the admin learns whether the customer was told (SMTP gives up within seconds);
    // a failed attempt stays queued and is retried
    customerNotified = (await services.mailQueue.deliver(change.emailId)) !== "failed";
  }
  return { orderNumber: change.orderNumber, status, trackingCode, customerNotified };
}

/**
 * Cancelling an order that is still awaiting payment gives its stock and coupon use back at once
 * (docs/ARCHITECTURE.md#release), its payment page closed first so it can no longer be paid; a paid
 * order is cancelled only with its refund (cancel-paid-order.ts). Orders cancelled already, and
 * other payment states, are left to the plain status change.
 */
async function cancelFirst(options: {
  services: Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;
  orderId: string;
}) {
  const { services, orderId } = options;
  const [current] = await services.db
    .select({ userId: order.userId, status: order.status, paymentStatus: order.paymentStatus })
    .from(order)
    .where(eq(order.id, orderId));
  if (!current) throw new AppError("order_not_found", UPDATE_ORDER_FAILED, 404);
  if (current.status === "cancelled") return;
  if (current.paymentStatus === "paid") {
    throw new AppError("refund_required", cancelOrderMessages.refundRequired, 409);
  }
  // the bank may still pay it: the stock stays held until its answer settles or releases the order
  if (current.paymentStatus === "processing") {
    throw new AppError("payment_processing", cancelOrderMessages.paymentProcessing, 409);
  }
  if (current.paymentStatus !== "pending") return;
  await cancelCheckout({ services, userId: current.userId, orderId });
  const [after] = await services.db
    .select({ paymentStatus: order.paymentStatus })
    .from(order)
    .where(eq(order.id, orderId));
  if (after?.paymentStatus === "paid")
    throw new AppError("paid_meanwhile", cancelOrderMessages.paidMeanwhile, 409);
}

/**
 * Queues the shipped e-mail in the status change's transaction; its id, or null when it cannot be
 * written (the customer is gone, the template refuses): logged, and the status change still counts.
 */
async function queueShippedEmail(options: {
  tx: Transaction;
  config: Pick<Config, "storeName" | "publicUrl" | "seller" | "trackingUrlTemplate">;
  log: Logger;
  orderId: string;
  /** Null for the order of a deleted account. */
  userId: string | null;
  orderNumber: string;
  trackingCode: string;
}): Promise<string | null> {
  const { tx, config, log, orderId } = options;
  // none once the customer deleted their account
  const [customer] = options.userId
    ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, options.userId))
    : [];
  const items = await tx
    .select({
      name: orderItem.productName,
      size: orderItem.size,
      color: orderItem.color,
      quantity: orderItem.quantity,
    })
    .from(orderItem)
    .where(eq(orderItem.orderId, orderId))
    .orderBy(asc(orderItem.productName), asc(orderItem.size));
  let message: ReturnType<typeof orderShippedEmail>;
  try {
    if (!customer) throw new Error("the order's customer no longer exists");
    message = orderShippedEmail({
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      seller: config.seller,
      name: customer.name,
      orderNumber: options.orderNumber,
      trackingCode: options.trackingCode,
      trackingUrl: trackingUrl(config.trackingUrlTemplate, options.trackingCode),
      items,
    });
  } catch (error) {
    log.error({ err: error, orderId, userId: options.userId }, "order shipped e-mail failed");
    return null;
  }
  return enqueueEmail(tx, { kind: "order_shipped", message: { to: customer.email, ...message } });
}
