// Cancelling a paid order on the Stripe driver, against the local Stripe stand-in: one refund at
// Stripe however often the admin presses, a refusal by Stripe changes nothing, and the late-payment
// refund is recorded too.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as ordersAction } from "../../app/routes/admin/orders/admin-orders";
import { callRoute, dataOf } from "../../tests/setup/route-call";
import { setupStripeServices } from "../../tests/setup/stripe-services";
import {
  insertTestProduct,
  orderRow,
  signUpTestAdmin,
  signUpTestUser,
  sizeRun,
  sizeStock,
} from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { placePaidOrder, placeReservedOrder, releaseReservation } from "../../tests/setup/test-orders";
import { formRequest } from "../../tests/setup/test-services";
import { syncPaymentSession } from "../checkout/sync-payment";
import { receipt, refund } from "../db/schema";
import { cancelRefundKey, cancelRefundMessages } from "./cancel-paid-order";

const { stripe, t } = setupStripeServices();
let admin: { id: string; cookie: string };

beforeAll(async () => {
  admin = await signUpTestAdmin(t.services);
});

type Answer = { ok: boolean; message?: string; error?: string };

const cancelAndRefund = async (orderId: string, cookie = admin.cookie) =>
  dataOf<Answer>(
    await callRoute(
      ordersAction,
      formRequest("/admin/orders", { intent: "cancel-refund", orderId }, cookie),
      {
        services: t.services,
      },
    ),
  );

/** A jacket in two sizes and a paid order of 1 M on Stripe. */
async function paidJacketOrder() {
  const shopper = await signUpTestUser(t.services);
  const jacket = await insertTestProduct(t.services.db, {
    priceCents: 15900,
    sizes: sizeRun({ M: 2, L: 2 }),
  });
  const medium = jacket.variants[0]!;
  const placed = await placePaidOrder(t.services, shopper, [{ variantId: medium.id, quantity: 1 }], {
    pay: (sessionId) => stripe.completeSession(sessionId),
  });
  return { shopper, medium, ...placed };
}

const refundRequests = (orderId: string) =>
  stripe.requests.filter(
    (request) =>
      request.method === "POST" &&
      request.path === "/v1/refunds" &&
      request.headers["idempotency-key"] === cancelRefundKey(orderId),
  );
const stripeRefundsOf = (sessionId: string) =>
  [...stripe.refunds.values()].filter(
    (given) => given.payment_intent === stripe.sessions.get(sessionId)?.payment_intent,
  );
const refundsOf = (orderId: string) => t.services.db.select().from(refund).where(eq(refund.orderId, orderId));

/** Stripe answers the next `times` refund requests with `status` and `error`; then the admin presses. */
async function cancelAndRefundRefused(
  orderId: string,
  status: number,
  error: { type: string; message: string },
  times = 1,
) {
  for (let attempt = 0; attempt < times; attempt++)
    stripe.failNextRequest({ method: "POST", path: "/v1/refunds", status, error });
  return cancelAndRefund(orderId);
}

describe("cancelling a paid order on Stripe", () => {
  it("asks Stripe once, with the order's key, and keeps Stripe's refund id", async () => {
    const placed = await paidJacketOrder();
    expect(await sizeStock(t.services.db, placed.medium.id)).toBe(1);

    expect((await cancelAndRefund(placed.orderId)).data.ok).toBe(true);
    expect((await cancelAndRefund(placed.orderId)).data.ok).toBe(true);

    expect(refundRequests(placed.orderId)).toHaveLength(1);
    const [given] = stripeRefundsOf(placed.sessionId);
    expect(stripeRefundsOf(placed.sessionId)).toHaveLength(1);
    expect(given).toMatchObject({ amount: 15900 + 999 });
    expect(await refundsOf(placed.orderId)).toEqual([
      expect.objectContaining({ providerRefundId: given!.id, amountCents: 15900 + 999, createdBy: admin.id }),
    ]);
    expect(await sizeStock(t.services.db, placed.medium.id)).toBe(2);
  });

  it("changes nothing when Stripe refuses, and says why", async () => {
    const placed = await paidJacketOrder();
    const answer = await cancelAndRefundRefused(placed.orderId, 400, {
      type: "invalid_request_error",
      message: "This charge is disputed and cannot be refunded.",
    });

    expect(answer).toEqual({
      status: 502,
      data: expect.objectContaining({
        ok: false,
        error: "Refund failed: This charge is disputed and cannot be refunded. The order was not changed.",
      }),
    });
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
    });
    const [stored] = await t.services.db.select().from(receipt).where(eq(receipt.orderId, placed.orderId));
    expect(stored?.status).toBe("completed");
    expect(await refundsOf(placed.orderId)).toHaveLength(0);
    expect(await sizeStock(t.services.db, placed.medium.id)).toBe(1);
  });

  it("words a failure Stripe does not explain without its details", async () => {
    const placed = await paidJacketOrder();
    const answer = await cancelAndRefundRefused(
      placed.orderId,
      500,
      { type: "api_error", message: "Something went wrong on Stripe's end." },
      3,
    );

    expect(answer.data.error).toBe(cancelRefundMessages.failed(cancelRefundMessages.providerSilent));
    expect((await orderRow(t.services.db, placed.orderId)).paymentStatus).toBe("paid");
  });

  it("records the refund of a late payment whose stock was gone, made by nobody", async () => {
    const shopper = await signUpTestUser(t.services);
    const cap = await insertTestProduct(t.services.db, { stock: 1 });
    const placed = await placeReservedOrder(t.services, shopper, [
      { variantId: cap.variant.id, quantity: 1 },
    ]);
    // the reservation ends (as the sweeper ends it), someone else buys the last cap, then the first
    // shopper's payment arrives
    await releaseReservation(t.services, placed.orderId, "cancelled");
    const other = await signUpTestUser(t.services);
    await placeReservedOrder(t.services, other, [{ variantId: cap.variant.id, quantity: 1 }]);
    stripe.completeSession(placed.sessionId);

    const { outcome } = await syncPaymentSession({ services: t.services, sessionId: placed.sessionId });

    expect(outcome).toBe("refunded");
    const [given] = stripeRefundsOf(placed.sessionId);
    expect(await refundsOf(placed.orderId)).toEqual([
      // the whole payment and its VAT, German VAT included in 45.00 and 9.99 shipping
      expect.objectContaining({
        providerRefundId: given!.id,
        createdBy: null,
        amountCents: 4500 + 999,
        taxCents: 718 + 160,
      }),
    ]);
    // a replayed event refunds nothing again
    await syncPaymentSession({ services: t.services, sessionId: placed.sessionId });
    expect(stripeRefundsOf(placed.sessionId)).toHaveLength(1);
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
  });
});

// PGlite runs one transaction at a time; on PostgreSQL the presses really race
describe.runIf(onPostgres)("many admins at once (PostgreSQL only)", () => {
  it("make one refund at Stripe and one refund row", async () => {
    const admins = await Promise.all(Array.from({ length: 4 }, () => signUpTestAdmin(t.services)));
    const placed = await paidJacketOrder();

    const answers = await Promise.all(admins.map((each) => cancelAndRefund(placed.orderId, each.cookie)));

    expect(answers.every((answer) => answer.data.ok)).toBe(true);
    expect(stripeRefundsOf(placed.sessionId)).toHaveLength(1);
    expect(await refundsOf(placed.orderId)).toHaveLength(1);
    expect(await sizeStock(t.services.db, placed.medium.id)).toBe(2);
  });
});
