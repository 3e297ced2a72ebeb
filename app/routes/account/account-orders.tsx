import { data } from "react-router";
import { AccountOrders } from "~/routes/account/order-list";
import { checkoutMessages } from "../../../core/checkout";
import { returnMessages } from "../../../core/returns";
import { orderActions } from "../../../core/validation/account-actions";
import { requireUser } from "../../../server/auth/guards";
import { countCheckoutStep } from "../../../server/auth/limit-checkout-step";
import {
  cancelPendingOrder,
  cancelPendingOrderMessages,
} from "../../../server/checkout/cancel-pending-order";
import { resumePayment } from "../../../server/checkout/resume-payment";
import { reportFailure } from "../../../server/http/errors";
import { runAction } from "../../../server/http/run-action";
import { CUSTOMER_ORDERS_LOAD_ERROR, listCustomerOrders } from "../../../server/orders/list-customer-orders";
import { cancelReturn } from "../../../server/returns/cancel-return";
import type { Route } from "./+types/account-orders";

const CANCEL_ORDER_FAILED = "Failed to cancel the order. Please try again.";

/** The Orders tab: the customer's own orders, newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  try {
    return { ok: true as const, orders: await listCustomerOrders({ ...context, userId: user.id }) };
  } catch (error) {
    // the rest of the page stays usable; the status tells monitoring that the orders failed
    const { status, error: message } = reportFailure(context, error, {
      fallback: CUSTOMER_ORDERS_LOAD_ERROR,
      what: "loading the customer's orders failed",
      details: { userId: user.id },
    });
    return data({ ok: false as const, message }, { status });
  }
}

/** An unpaid order's Complete payment and Cancel order, and a requested return's cancellation. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { user } = requireUser(context, url);
  return runAction(context, await request.formData(), orderActions, {
    "complete-payment": {
      fallback: checkoutMessages.paymentFailed,
      what: "completing a payment failed",
      run: async ({ intent, orderId }) => {
        // the checkout's Pay from My Orders: the same per-customer limit (app/routes/cart/cart.tsx)
        await countCheckoutStep({ db: context.db, userId: user.id, step: "pay" });
        const { url } = await resumePayment({
          services: context,
          userId: user.id,
          customerEmail: user.email,
          orderId,
        });
        return { intent, ok: true as const, url };
      },
    },
    "cancel-order": {
      fallback: CANCEL_ORDER_FAILED,
      what: "cancelling an order failed",
      run: async ({ intent, orderId }) => {
        const { orderNumber } = await cancelPendingOrder({ services: context, userId: user.id, orderId });
        return { intent, ok: true as const, message: cancelPendingOrderMessages.cancelled(orderNumber) };
      },
    },
    "cancel-return": {
      fallback: returnMessages.actionFailed,
      what: "cancelling a return failed",
      run: async ({ intent, returnId }) => {
        const { message } = await cancelReturn({
          services: context,
          user: { id: user.id, email: user.email },
          returnId,
        });
        return { intent, ok: true as const, message };
      },
    },
  });
}

export default function AccountOrdersTab({ loaderData }: Route.ComponentProps) {
  return <AccountOrders result={loaderData} />;
}
