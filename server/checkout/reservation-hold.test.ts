// How long a Pay press holds stock: briefly until the payment page exists, then for the page's
// life. The payment provider is the only thing replaced, at its interface, to stop or slow the
// one call that opens the page.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as testCheckoutAction } from "../../app/routes/checkout/test-checkout";
import { checkoutMessages } from "../../core/checkout";
import { callRoute, settle } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  insertTestProduct,
  insertTestUsers,
  orderRow,
  productStock,
  TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { testSessionsOfOrder } from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { isAppError } from "../app-error";
import { coupon } from "../db/schema";
import type { PaymentProvider } from "../payments/payment-provider";
import { prepareOrder } from "./prepare-order";
import { releaseOrder } from "./settle-order";
import { CHECKOUT_SESSION_MS, FIRST_HOLD_MS, RESERVATION_GRACE_MS, startPayment } from "./start-payment";
import { sweepExpiredReservations } from "./sweep-reservations";

const t = setupTestServices();

const MINUTE = 60 * 1000;
const stockOf = (productId: string) => productStock(t.services.db, productId);
const orderOf = (orderId: string) => orderRow(t.services.db, orderId);
const usesOf = async (couponId: string) =>
  (await t.services.db.select().from(coupon).where(eq(coupon.id, couponId)))[0]?.usageCount;

/**
 * The built-in test provider, except that opening a payment page waits until `openPage()` (never,
 * unless called: the process "died" there), before the provider creates the page or, with
 * `stopAfterCreating`, after it did. Every question about a session is recorded.
 */
function heldProvider(options: { stopAfterCreating?: boolean } = {}) {
  const real = t.services.payments;
  let reached!: () => void;
  const pageRequested = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  const provider: PaymentProvider = {
    ...real,
    async createCheckoutSession(input) {
      if (!options.stopAfterCreating) {
        reached();
        await gate;
        return real.createCheckoutSession(input);
      }
      const session = await real.createCheckoutSession(input);
      reached();
      await gate;
      return session;
    },
    retrieveSession(sessionId) {
      asked.push(sessionId);
      return real.retrieveSession(sessionId);
    },
    expireSession(sessionId) {
      asked.push(sessionId);
      return real.expireSession(sessionId);
    },
  };
  return { services: { ...t.services, payments: provider }, pageRequested, openPage: release, asked };
}

/** A shopper's pending order for `quantity` of a new product with `stock`, as the shipping step makes it. */
async function pendingOrder(options: { stock: number; quantity: number; couponCode?: string }) {
  const [shopper] = await insertTestUsers(t.services.db, 1);
  const tee = await insertTestProduct(t.services.db, { stock: options.stock });
  const summary = await prepareOrder({
    services: t.services,
    userId: shopper!.id,
    lines: [{ variantId: tee.variant.id, quantity: options.quantity }],
    shipping: TEST_SHIPPING,
    couponCode: options.couponCode ?? "",
    taxMode: "inclusive",
  });
  return { shopper: shopper!, tee, orderId: summary.orderId };
}

/** The shopper presses Pay on a pending order at `now`, through `services` (the real ones unless told). */
const pressPay = (
  pending: { shopper: { id: string; email: string }; orderId: string },
  now: Date,
  services = t.services,
) =>
  startPayment({
    services,
    userId: pending.shopper.id,
    customerEmail: pending.shopper.email,
    orderId: pending.orderId,
    now,
  });

describe("the hold on stock before the payment page exists", () => {
  it("is released by the sweeper after FIRST_HOLD_MS without asking the provider; a reservation with a page keeps its hold", async () => {
    const t0 = new Date();
    const limited = await insertTestCoupon(t.services.db, { usageLimit: 5 });
    const stalled = await pendingOrder({ stock: 3, quantity: 2, couponCode: limited.code });
    const paying = await pendingOrder({ stock: 4, quantity: 1 });

    // Pay: the stock is taken, then the process stops before the provider answers
    const crashed = heldProvider();
    void pressPay(stalled, t0, crashed.services);
    await crashed.pageRequested;
    expect(await stockOf(stalled.tee.id)).toBe(1);
    expect(await usesOf(limited.id)).toBe(1);
    expect(await orderOf(stalled.orderId)).toMatchObject({
      isReserved: true,
      paymentSessionId: null,
      reservedUntil: new Date(t0.getTime() + FIRST_HOLD_MS),
    });

    // another shopper's Pay goes through: the page is saved and the hold lasts as long as it
    await pressPay(paying, t0);
    const withPage = await orderOf(paying.orderId);
    expect(withPage.paymentSessionId).toMatch(/^tcs_/);
    expect(withPage.reservedUntil).toEqual(
      new Date(t0.getTime() + CHECKOUT_SESSION_MS + RESERVATION_GRACE_MS),
    );

    const sweeper = heldProvider();
    await sweepExpiredReservations({ services: sweeper.services, now: new Date(t0.getTime() + MINUTE) });
    expect(await stockOf(stalled.tee.id)).toBe(1);

    await sweepExpiredReservations({ services: sweeper.services, now: new Date(t0.getTime() + 3 * MINUTE) });
    expect(await stockOf(stalled.tee.id)).toBe(3);
    expect(await usesOf(limited.id)).toBe(0);
    expect(await orderOf(stalled.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      isReserved: false,
      reservedUntil: null,
    });
    // the order had no session, so the provider was not asked about anything
    expect(sweeper.asked).toEqual([]);
    // the reservation with a page is untouched until its own time
    expect(await stockOf(paying.tee.id)).toBe(3);
    expect(await orderOf(paying.orderId)).toMatchObject({ isReserved: true, paymentStatus: "pending" });
  });

  it("a page the provider opens after the hold was released is closed, and the shopper is told to start again", async () => {
    const t0 = new Date();
    const { shopper, tee, orderId } = await pendingOrder({ stock: 2, quantity: 2 });
    const slow = heldProvider();
    const pressed = pressPay({ shopper, orderId }, t0, slow.services);
    await slow.pageRequested;
    await sweepExpiredReservations({ services: t.services, now: new Date(t0.getTime() + 3 * MINUTE) });
    expect(await stockOf(tee.id)).toBe(2);

    slow.openPage();
    const refused = await pressed.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isAppError(refused) && refused.userMessage).toBe(checkoutMessages.orderNotPayable);
    const [session] = await testSessionsOfOrder(t.services.db, orderId);
    expect(session?.status).toBe("expired");
    expect(await orderOf(orderId)).toMatchObject({
      status: "cancelled",
      isReserved: false,
      paymentSessionId: null,
    });
    expect(await stockOf(tee.id)).toBe(2);
  });

  it("the sweeper's release checks the hold again under the row lock: one extended since it was read stays", async () => {
    const t0 = new Date();
    const { shopper, tee, orderId } = await pendingOrder({ stock: 2, quantity: 1 });
    await pressPay({ shopper, orderId }, t0);
    // as if the sweeper had read the order during its first hold and released it only now
    const released = await releaseOrder({
      db: t.services.db,
      metrics: t.services.metrics,
      config: t.services.config,
      orderId,
      outcome: "cancelled",
      expiredBy: new Date(t0.getTime() + 3 * MINUTE),
    });
    expect(released).toBe(false);
    expect(await stockOf(tee.id)).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ isReserved: true, paymentStatus: "pending" });
  });

  it("a page created but never saved (the process died after the provider answered) is still honoured when paid after the release", async () => {
    const t0 = new Date();
    const { shopper, tee, orderId } = await pendingOrder({ stock: 2, quantity: 1 });
    const crashed = heldProvider({ stopAfterCreating: true });
    void pressPay({ shopper, orderId }, t0, crashed.services);
    await crashed.pageRequested;
    await sweepExpiredReservations({ services: t.services, now: new Date(t0.getTime() + 3 * MINUTE) });
    expect(await stockOf(tee.id)).toBe(2);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentSessionId: null });

    // the shopper had reached the page before the process died, and pays on it
    const [session] = await testSessionsOfOrder(t.services.db, orderId);
    const paid = settle(
      await callRoute(
        testCheckoutAction,
        formRequest(`/test-checkout/${session!.id}`, {
          cardNumber: "4242 4242 4242 4242",
          expiry: "12/34",
          cvc: "123",
        }),
        { services: t.services, params: { session: session!.id } },
      ),
    );
    expect(paid.status).toBe(302);
    // found by the order id in the session's metadata; the stock is taken again
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(await stockOf(tee.id)).toBe(1);
  });
});
