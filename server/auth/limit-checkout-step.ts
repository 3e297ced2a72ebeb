import { checkoutMessages } from "../../core/checkout";
import type { Database } from "../db/client";
import type { RequestContext } from "../http/context";
import { handleAction } from "../http/errors";
import { limitCustomer } from "./auth-errors";
import { RATE_LIMITS } from "./rate-limit";

/**
 * The checkout steps one customer may take, counted per account before any work (docs/SECURITY.md#rate-limits):
 * each shipping step ("prepare") can create a pending order, each Pay holds stock for 30 minutes
 * and opens a page at the payment provider.
 */
const CHECKOUT_STEP_LIMITS = {
  prepare: { rule: RATE_LIMITS.checkoutPrepare, fallback: checkoutMessages.createOrderFailedGeneric },
  pay: { rule: RATE_LIMITS.checkoutPay, fallback: checkoutMessages.paymentFailed },
} as const;

type CheckoutStep = keyof typeof CHECKOUT_STEP_LIMITS;

/** Counts one checkout step of the customer; throws the "wait" refusal (429) over the limit. */
export function countCheckoutStep(options: { db: Database; userId: string; step: CheckoutStep }) {
  return limitCustomer({
    db: options.db,
    userId: options.userId,
    action: `checkout-${options.step}`,
    rule: CHECKOUT_STEP_LIMITS[options.step].rule,
  });
}

/**
 * For the cart's action, before its intents: the refusal as the intent's answer (the limit's
 * message, 429, through handleAction) when `intent` is a limited step over its limit; null to go on.
 */
export async function limitCheckoutStep(
  context: Pick<RequestContext, "db" | "log">,
  options: { userId: string; intent: string; extra: { intent: string }; details: Record<string, unknown> },
) {
  const { intent } = options;
  if (intent !== "prepare" && intent !== "pay") return null;
  const { fallback } = CHECKOUT_STEP_LIMITS[intent];
  return handleAction(
    context,
    { fallback, what: "checkout step not counted", extra: options.extra, details: options.details },
    async () => {
      await countCheckoutStep({ db: context.db, userId: options.userId, step: intent });
      return null;
    },
  );
}
