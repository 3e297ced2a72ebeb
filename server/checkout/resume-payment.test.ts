// A customer's order that awaits payment, from My Orders: Complete payment (the same page while it
// is open, a new page and reservation once it expired, a message when the stock is gone) and
// Cancel order (stock back at once, the page closed); only the order's owner may do either.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as ordersAction, loader as ordersLoader } from "../../app/routes/account/account-orders";
import { checkoutMessages } from "../../core/checkout";
import { callRoute, dataOf, getRequest } from "../../tests/setup/route-call";
import {
  insertTestProduct,
  orderRow,
  signUpTestUser,
  sizeRun,
  sizeStock,
} from "../../tests/setup/test-commerce";
import { placePaidOrder, placeReservedOrder, releaseReservation } from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { testPaymentSession } from "../db/schema";
import type { CustomerOrder } from "../orders/list-customer-orders";
import { cancelPendingOrderMessages } from "./cancel-pending-order";
import { resumePaymentMessages } from "./resume-payment";

const t = setupTestServices();

type Answer = { ok: boolean; url?: string; message?: string; error?: string };

const post = async (cookie: string, fields: Record<string, string>) =>
  dataOf<Answer>(
    await callRoute(ordersAction, formRequest("/account/orders", fields, cookie), { services: t.services }),
  );
const completePayment = (cookie: string, orderId: string) =>
  post(cookie, { intent: "complete-payment", orderId });
const cancelOrder = (cookie: string, orderId: string) => post(cookie, { intent: "cancel-order", orderId });

async function myOrders(cookie: string): Promise<CustomerOrder[]> {
  const page = dataOf<{ ok: true; orders: CustomerOrder[] }>(
    await callRoute(ordersLoader, getRequest("/account/orders", cookie), { services: t.services }),
  ).data;
  return page.orders;
}

const stockOf = (variantId: string) => sizeStock(t.services.db, variantId);
const sessionRow = async (id: string) =>
  (await t.services.db.select().from(testPaymentSession).where(eq(testPaymentSession.id, id)))[0]!;

/** A customer with an unpaid order of 2 of a tee in M, its page open. */
async function pendingTeeOrder(stock = 5) {
  const shopper = await signUpTestUser(t.services);
  const tee = await insertTestProduct(t.services.db, {
    priceCents: 3500,
    sizes: sizeRun({ M: stock, L: 3 }),
  });
  const medium = tee.variants[0]!;
  const placed = await placeReservedOrder(t.services, shopper, [{ variantId: medium.id, quantity: 2 }]);
  return { shopper, tee, medium, ...placed };
}

/** The test checkout's page ran out (as it does after 31 minutes); the reservation still holds. */
async function expirePage(sessionId: string) {
  await t.services.db
    .update(testPaymentSession)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(testPaymentSession.id, sessionId));
}

describe("Complete payment", () => {
  it("is offered while the order holds its stock, and leads back to the same open page", async () => {
    const placed = await pendingTeeOrder();
    const [listed] = await myOrders(placed.shopper.cookie);
    expect(listed).toMatchObject({ orderNumber: placed.orderNumber, paymentStatus: "pending", refund: null });
    expect(listed?.reservedUntil).toEqual(expect.any(String));

    const answer = await completePayment(placed.shopper.cookie, placed.orderId);

    expect(answer).toEqual({ status: 200, data: { intent: "complete-payment", ok: true, url: placed.url } });
    expect(await stockOf(placed.medium.id)).toBe(3);
    expect((await orderRow(t.services.db, placed.orderId)).paymentSessionId).toBe(placed.sessionId);
  });

  it("opens a new page and reserves the stock again once the old page expired", async () => {
    const placed = await pendingTeeOrder();
    await expirePage(placed.sessionId);

    const answer = await completePayment(placed.shopper.cookie, placed.orderId);

    expect(answer.data.ok).toBe(true);
    expect(answer.data.url).toMatch(/\/test-checkout\/tcs_[0-9a-f]{40}$/);
    expect(answer.data.url).not.toBe(placed.url);
    const after = await orderRow(t.services.db, placed.orderId);
    expect(after).toMatchObject({ status: "pending", paymentStatus: "pending", isReserved: true });
    expect(after.paymentSessionId).not.toBe(placed.sessionId);
    expect(answer.data.url).toContain(after.paymentSessionId!);
    // held once, not twice
    expect(await stockOf(placed.medium.id)).toBe(3);
    expect((await sessionRow(after.paymentSessionId!)).status).toBe("open");
  });

  it("says what is missing when the stock is gone meanwhile, and cancels the order", async () => {
    const placed = await pendingTeeOrder(2);
    // the payment page could not be opened the first time (the hold was given back), and another
    // shopper bought both tees before this customer came back
    await releaseReservation(t.services, placed.orderId, "retry");
    const other = await signUpTestUser(t.services);
    await placeReservedOrder(t.services, other, [{ variantId: placed.medium.id, quantity: 2 }]);

    const answer = await completePayment(placed.shopper.cookie, placed.orderId);

    expect(answer.status).toBe(409);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.error).toBe(
      `${checkoutMessages.notEnoughStock(`${placed.tee.name} (M)`, 0)} ${resumePaymentMessages.notReserved}`,
    );
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      isReserved: false,
    });
    expect(await stockOf(placed.medium.id)).toBe(0);
  });

  it("is refused for another customer's order, which is left as it was", async () => {
    const placed = await pendingTeeOrder();
    const stranger = await signUpTestUser(t.services);

    const answer = await completePayment(stranger.cookie, placed.orderId);

    expect(answer).toEqual({
      status: 404,
      data: expect.objectContaining({ ok: false, error: checkoutMessages.orderNotFound }),
    });
    expect((await sessionRow(placed.sessionId)).status).toBe("open");
  });

  it("tells the customer an order that is already paid", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 3 });
    const paid = await placePaidOrder(t.services, shopper, [{ variantId: tee.variant.id, quantity: 1 }]);

    const answer = await completePayment(shopper.cookie, paid.orderId);

    expect(answer.data).toMatchObject({ ok: false, error: resumePaymentMessages.alreadyPaid });
    const [listed] = await myOrders(shopper.cookie);
    expect(listed?.reservedUntil).toBeNull();
  });
});

describe("Cancel order", () => {
  it("gives the stock back at once and closes the payment page", async () => {
    const placed = await pendingTeeOrder();
    expect(await stockOf(placed.medium.id)).toBe(3);

    const answer = await cancelOrder(placed.shopper.cookie, placed.orderId);

    expect(answer.data).toMatchObject({
      ok: true,
      message: cancelPendingOrderMessages.cancelled(placed.orderNumber),
    });
    expect(await stockOf(placed.medium.id)).toBe(5);
    expect((await sessionRow(placed.sessionId)).status).toBe("expired");
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      isReserved: false,
    });
    // still in My Orders, as cancelled, and it cannot be paid any more
    expect(await myOrders(placed.shopper.cookie)).toEqual([
      expect.objectContaining({
        orderNumber: placed.orderNumber,
        status: "cancelled",
        paymentStatus: "cancelled",
        awaitingPayment: false,
      }),
    ]);
    expect((await completePayment(placed.shopper.cookie, placed.orderId)).data).toMatchObject({
      ok: false,
      error: resumePaymentMessages.ended,
    });
  });

  it("is refused for another customer's order", async () => {
    const placed = await pendingTeeOrder();
    const stranger = await signUpTestUser(t.services);

    const answer = await cancelOrder(stranger.cookie, placed.orderId);

    expect(answer).toMatchObject({ status: 404, data: { ok: false } });
    expect(await stockOf(placed.medium.id)).toBe(3);
    expect((await sessionRow(placed.sessionId)).status).toBe("open");
  });

  it("is refused for a paid order", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 3 });
    const paid = await placePaidOrder(t.services, shopper, [{ variantId: tee.variant.id, quantity: 1 }]);

    const answer = await cancelOrder(shopper.cookie, paid.orderId);

    expect(answer.data).toMatchObject({ ok: false, error: cancelPendingOrderMessages.paid });
    expect((await orderRow(t.services.db, paid.orderId)).paymentStatus).toBe("paid");
  });
});
