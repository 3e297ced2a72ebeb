import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus, trackingUrl } from "../../core/order";
import { AppError } from "../app-error";
import { cancelCheckout } from "../checkout/cancel-checkout";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { order, orderItem, user } from "../db/schema";
import type { Services } from "../http/context";
import type { Logger } from "../logger";
import type { Mailer } from "../mail/mailer";
import { orderShippedEmail } from "../mail/templates/order-shipped";

export const UPDATE_ORDER_FAILED = "Failed to update order. Please try again.";

export const cancelOrderMessages = {
  /** A plain status change must not cancel a paid order without giving the money back. */
  refundRequired: "Cancelling a paid order refunds it: confirm the refund to cancel it.",
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
 * customer gets the shipped e-mail once the change is committed; a failed e-mail is logged and does not
 * undo it.
 */
export async function updateOrder(options: {
  /** For cancelling an unpaid order: its payment page is closed and its reservation released. */
  services: Pick<Services, "db" | "storage" | "mailer" | "payments" | "config" | "log">;
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "storeName" | "publicUrl" | "trackingUrlTemplate">;
  log: Logger;
  orderId: string;
  status: string;
  trackingCode: string;
}): Promise<UpdateOrderResult> {
  const parsed = updateSchema.safeParse(options);
  if (!parsed.success) {
    throw new AppError("invalid_order_update", UPDATE_ORDER_FAILED, 400, {
      logMessage: `invalid order update: ${parsed.error.message}`,
    });
  }
  const { orderId, status, trackingCode } = parsed.data;

  if (status === "cancelled") await cancelFirst({ services: options.services, orderId });

  const change = await options.db.transaction(async (tx) => {
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
      await tx.update(order).set({ status, trackingCode }).where(eq(order.id, orderId));
    }
    return before;
  });

  const shipmentIsNews =
    status === "shipped" &&
    trackingCode !== null &&
    (change.status !== "shipped" || change.trackingCode !== trackingCode);

  let customerNotified: boolean | null = null;
  if (shipmentIsNews) {
    // awaited, so the admin learns whether the customer was told (SMTP gives up within seconds)
    customerNotified = await sendShippedEmail({
      ...options,
      orderId,
      userId: change.userId,
      orderNumber: change.orderNumber,
      trackingCode,
    });
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
  services: Pick<Services, "db" | "storage" | "mailer" | "payments" | "config" | "log">;
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
  if (current.paymentStatus !== "pending") return;
  await cancelCheckout({ services, userId: current.userId, orderId });
  const [after] = await services.db
    .select({ paymentStatus: order.paymentStatus })
    .from(order)
    .where(eq(order.id, orderId));
  if (after?.paymentStatus === "paid")
    throw new AppError("paid_meanwhile", cancelOrderMessages.paidMeanwhile, 409);
}

async function sendShippedEmail(options: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "storeName" | "publicUrl" | "trackingUrlTemplate">;
  log: Logger;
  orderId: string;
  userId: string;
  orderNumber: string;
  trackingCode: string;
}): Promise<boolean> {
  const { config, log, orderId } = options;
  try {
    const [customer] = await options.db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, options.userId));
    if (!customer) throw new Error("the order's customer no longer exists");
    const items = await options.db
      .select({ name: orderItem.productName, size: orderItem.size, quantity: orderItem.quantity })
      .from(orderItem)
      .where(eq(orderItem.orderId, orderId))
      .orderBy(asc(orderItem.productName), asc(orderItem.size));
    const message = orderShippedEmail({
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      name: customer.name,
      orderNumber: options.orderNumber,
      trackingCode: options.trackingCode,
      trackingUrl: trackingUrl(config.trackingUrlTemplate, options.trackingCode),
      items,
    });
    await options.mailer.send({ to: customer.email, ...message });
    return true;
  } catch (error) {
    log.error({ err: error, orderId, userId: options.userId }, "order shipped e-mail failed");
    return false;
  }
}
