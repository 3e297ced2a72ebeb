import type { Database } from "../db/client";
import { limitCustomer } from "./auth-errors";
import { RATE_LIMITS } from "./rate-limit";

/**
 * The checkout steps one customer may take, counted per account before any work (docs/SECURITY.md#rate-limits):
 * each shipping step ("prepare") can create a pending order, each Pay holds stock for 30 minutes
 * and opens a page at the payment provider.
 */
const CHECKOUT_STEP_LIMITS = {
  prepare: RATE_LIMITS.checkoutPrepare,
  pay: RATE_LIMITS.checkoutPay,
} as const;

type CheckoutStep = keyof typeof CHECKOUT_STEP_LIMITS;

/** Counts one checkout step of the customer; throws the "wait" refusal (429) over the limit. */
export function countCheckoutStep(options: { db: Database; userId: string; step: CheckoutStep }) {
  return limitCustomer({
    db: options.db,
    userId: options.userId,
    action: `checkout-${options.step}`,
    rule: CHECKOUT_STEP_LIMITS[options.step],
  });
}
