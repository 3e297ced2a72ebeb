import { and, isNull } from "drizzle-orm";
import { order } from "../db/schema";

/**
 * A checkout the customer never took to the payment page (the shipping step only, open or closed):
 * not an order yet. My Orders, the admin's order list and the dashboard's counts all leave these
 * out by this one rule, so the admin counts exactly what customers see. An order flagged for the
 * admin's attention is never one of them.
 */
export const isCheckoutOnly = and(
  isNull(order.paymentStartedAt),
  isNull(order.paidAt),
  isNull(order.attentionReason),
)!;
