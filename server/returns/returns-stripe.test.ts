// A return's refund on the Stripe driver, against the local Stripe stand-in: a partial refund with
// `amount` under the return's key, asked once however often it is pressed, and a cancel-and-refund
// refused afterwards (the rest is refunded through returns).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupStripeServices } from "../../tests/setup/stripe-services";
import {
  insertTestProduct,
  orderRow,
  registerTestCustomer,
  signUpTestAdmin,
} from "../../tests/setup/test-commerce";
import { markDelivered, placePaidOrder, requestTestReturn } from "../../tests/setup/test-orders";
import { AppError } from "../app-error";
import { refund } from "../db/schema";
import { cancelPaidOrder, cancelRefundMessages } from "../orders/cancel-paid-order";
import { getAdminReturn } from "./admin-returns";
import { approveReturn } from "./approve-return";
import { getReturnForm } from "./get-return-form";
import { markReturnReceived } from "./mark-return-received";
import { refundReturn } from "./refund-return";

const { stripe, t } = setupStripeServices();

describe("a return refunded on Stripe", () => {
  it("refunds part of the charge with the return's amount and key, once", async () => {
    const customer = await registerTestCustomer(t.services, { fullName: "Stella Stripe" });
    const admin = await signUpTestAdmin(t.services);
    const jacket = await insertTestProduct(t.services.db, {
      priceCents: 15900,
      sizes: [{ size: "M", stock: 5 }],
    });
    const placed = await placePaidOrder(
      t.services,
      customer,
      [{ variantId: jacket.variant.id, quantity: 2 }],
      {
        pay: (sessionId) => stripe.completeSession(sessionId),
      },
    );
    await markDelivered(t.services, placed.orderId);
    const form = await getReturnForm({ ...t.services, userId: customer.id, orderId: placed.orderId });
    const ret = await requestTestReturn(
      t.services,
      customer,
      placed.orderId,
      [{ orderItemId: form.lines[0]!.orderItemId, quantity: 1 }],
      { reason: "changed_mind" },
    );
    const step = { services: t.services, admin: { id: admin.id, email: admin.email }, returnId: ret.id };
    await approveReturn(step);
    const details = await getAdminReturn({ ...t.services, returnId: ret.id });
    await markReturnReceived({ ...step, conditions: { [details.items[0]!.id]: "sellable" } });

    const answers = await Promise.all([refundReturn(step), refundReturn(step)]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(["already-refunded", "refunded"]);

    const asked = stripe.requests.filter(
      (request) =>
        request.method === "POST" && request.path === "/v1/refunds" && request.body.amount === "15900",
    );
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked.map((request) => request.headers["idempotency-key"]))).toEqual(
      new Set([`return-refund:${ret.id}`]),
    );
    const session = stripe.sessions.get(placed.sessionId);
    const given = [...stripe.refunds.values()].filter(
      (entry) => entry.payment_intent === session?.payment_intent,
    );
    expect(given.map((entry) => entry.amount)).toEqual([15900]);
    const recorded = await t.services.db.select().from(refund).where(eq(refund.orderId, placed.orderId));
    expect(recorded).toEqual([
      expect.objectContaining({ providerRefundId: given[0]!.id, amountCents: 15900 }),
    ]);
    expect((await orderRow(t.services.db, placed.orderId)).paymentStatus).toBe("partially_refunded");

    const refused = await cancelPaidOrder({
      services: t.services,
      orderId: placed.orderId,
      by: { adminId: admin.id },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).userMessage).toBe(cancelRefundMessages.partlyRefunded);
  });
});
