// One open checkout per customer (issue 25): the shipping step reuses the customer's unpaid order
// instead of making another, taking back a payment page that is still open; a payment that still
// arrives on a replaced page is given back, never applied; a customer never holds two payable orders.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutMessages } from "../../core/checkout";
import { insertTestProduct, orderRow, signUpTestUser, sizeStock } from "../../tests/setup/test-commerce";
import { onPostgres } from "../../tests/setup/test-database";
import { payWithTestCard, prepareTestOrder } from "../../tests/setup/test-orders";
import { setupTestServices } from "../../tests/setup/test-services";
import { isAppError } from "../app-error";
import { order, testPaymentSession } from "../db/schema";
import { submitTestPayment } from "../payments/test-provider";
import { startPayment } from "./start-payment";
import { syncPaymentSession } from "./sync-payment";

const t = setupTestServices();

type Shopper = Awaited<ReturnType<typeof signUpTestUser>>;
type Line = { variantId: string; quantity: number };

const prepare = (shopper: Shopper, lines: Line[]) =>
  prepareTestOrder(t.services, shopper, lines, { taxMode: "inclusive" });

const pay = (shopper: Shopper, orderId: string) =>
  startPayment({ services: t.services, userId: shopper.id, customerEmail: shopper.email, orderId });

/** The shopper's card on the test checkout's page; the success page then settles it. */
async function payOnPage(sessionId: string) {
  await payWithTestCard(t.services, sessionId);
  return syncPaymentSession({ services: t.services, sessionId });
}

const sessionOf = async (id: string) =>
  (await t.services.db.select().from(testPaymentSession).where(eq(testPaymentSession.id, id)))[0]!;
const ordersOf = (userId: string) => t.services.db.select().from(order).where(eq(order.userId, userId));
const payable = (userId: string) =>
  t.services.db
    .select()
    .from(order)
    .where(and(eq(order.userId, userId), eq(order.status, "pending"), eq(order.paymentStatus, "pending")));

async function capAndHoodie() {
  const cap = await insertTestProduct(t.services.db, { name: "Void Cap", priceCents: 2900, stock: 5 });
  const hoodie = await insertTestProduct(t.services.db, {
    name: "Eclipse Hoodie",
    priceCents: 8900,
    stock: 5,
  });
  return { cap, hoodie };
}

describe("the shipping step", () => {
  it("reuses the customer's open checkout: Continue twice, with another cart, is one order", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap, hoodie } = await capAndHoodie();
    const first = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    const second = await prepare(shopper, [{ variantId: hoodie.variant.id, quantity: 2 }]);

    expect(second.orderId).toBe(first.orderId);
    expect(second.orderNumber).toBe(first.orderNumber);
    expect(second.subtotalCents).toBe(2 * 8900);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
  });

  it("takes back an open payment page: the page is expired, its stock released, the order reused", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap, hoodie } = await capAndHoodie();
    const placed = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId: firstPage } = await orderRow(t.services.db, placed.orderId);
    expect(await sizeStock(t.services.db, cap.variant.id)).toBe(4);

    // back from the payment page without paying, the hoodie added, the checkout done again
    const again = await prepare(shopper, [
      { variantId: cap.variant.id, quantity: 1 },
      { variantId: hoodie.variant.id, quantity: 1 },
    ]);

    expect(again.orderId).toBe(placed.orderId);
    expect((await sessionOf(firstPage!)).status).toBe("expired");
    expect(await sizeStock(t.services.db, cap.variant.id)).toBe(5);
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      isReserved: false,
      paymentSessionId: null,
      replacedSessionIds: [firstPage],
      subtotalCents: 2900 + 8900,
    });
    // the old page can no longer be paid; the new Pay opens a page for the new lines
    await expect(payOnPage(firstPage!)).rejects.toMatchObject({ code: "payment_refused" });
    await pay(shopper, placed.orderId);
    const { paymentSessionId: secondPage } = await orderRow(t.services.db, placed.orderId);
    expect((await payOnPage(secondPage!)).outcome).toBe("paid");
    expect(await payable(shopper.id)).toEqual([]);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
  });

  it("stops when the open page was paid meanwhile, and says which order, so nothing is bought twice", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap } = await capAndHoodie();
    const placed = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId } = await orderRow(t.services.db, placed.orderId);
    // paid on the page; its webhook has not been handled yet
    await submitTestPayment({
      db: t.services.db,
      sessionId: paymentSessionId!,
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });

    const refused = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]).catch(
      (e: unknown) => e,
    );

    expect(isAppError(refused) && refused.userMessage).toBe(
      checkoutMessages.paidMeanwhile(placed.orderNumber),
    );
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({ paymentStatus: "paid" });
    // pressed again, the customer means it: a new order
    const next = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    expect(next.orderId).not.toBe(placed.orderId);
  });

  it("refunds a payment that still arrives on a replaced page, and leaves the order as it is", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap, hoodie } = await capAndHoodie();
    const placed = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId: replaced } = await orderRow(t.services.db, placed.orderId);
    await prepare(shopper, [{ variantId: hoodie.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId: current } = await orderRow(t.services.db, placed.orderId);
    // a provider that took a payment on the expired page all the same (a race at its end)
    await t.services.db
      .update(testPaymentSession)
      .set({ status: "complete", cardBrand: "visa", cardLast4: "4242" })
      .where(eq(testPaymentSession.id, replaced!));

    const { outcome } = await syncPaymentSession({ services: t.services, sessionId: replaced! });

    expect(outcome).toBe("refunded");
    expect(await sessionOf(replaced!)).toMatchObject({ refundedCents: 2900 + 999 });
    const after = await orderRow(t.services.db, placed.orderId);
    expect(after).toMatchObject({ status: "pending", paymentStatus: "pending", paymentSessionId: current });
    expect(after.attentionReason).toContain(replaced!);
    // the webhook again: one refund
    await syncPaymentSession({ services: t.services, sessionId: replaced! });
    expect(await sessionOf(replaced!)).toMatchObject({ refundedCents: 2900 + 999 });
    // the current page still pays the order
    expect((await payOnPage(current!)).outcome).toBe("paid");
  });

  it("leaves the current checkout alone when a replaced page's expiry is reported late", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap } = await capAndHoodie();
    const placed = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId: replaced } = await orderRow(t.services.db, placed.orderId);
    await prepare(shopper, [{ variantId: cap.variant.id, quantity: 2 }]);

    expect((await syncPaymentSession({ services: t.services, sessionId: replaced! })).outcome).toBe(
      "already-settled",
    );
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
    });
  });

  it("refunds a second payment of an order already paid on another page", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap } = await capAndHoodie();
    const placed = await prepare(shopper, [{ variantId: cap.variant.id, quantity: 1 }]);
    await pay(shopper, placed.orderId);
    const { paymentSessionId: first } = await orderRow(t.services.db, placed.orderId);
    expect((await payOnPage(first!)).outcome).toBe("paid");
    // a second session naming the same order (a provider's duplicate): it never pays the order twice
    await t.services.db.insert(testPaymentSession).values({
      id: "tcs_duplicate0000000000000000000000000000000",
      orderId: placed.orderId,
      amountCents: placed.totalCents,
      currency: "usd",
      lineItems: { lines: [], shipping: null, tax: null },
      customerEmail: shopper.email,
      successUrl: "http://localhost/checkout-success",
      cancelUrl: "http://localhost/cart",
      expiresAt: new Date(Date.now() + 60_000),
      status: "complete",
    });

    const { outcome } = await syncPaymentSession({
      services: t.services,
      sessionId: "tcs_duplicate0000000000000000000000000000000",
    });

    expect(outcome).toBe("refunded");
    expect(await sessionOf("tcs_duplicate0000000000000000000000000000000")).toMatchObject({
      refundedCents: placed.totalCents,
    });
    expect(await orderRow(t.services.db, placed.orderId)).toMatchObject({
      paymentStatus: "paid",
      paymentSessionId: first,
    });
  });
});

// PGlite runs one transaction at a time; on PostgreSQL two tabs really race
describe.runIf(onPostgres)("two tabs of one customer at once (PostgreSQL only)", () => {
  it("preparing at once makes one order", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap } = await capAndHoodie();
    const lines = [{ variantId: cap.variant.id, quantity: 1 }];
    const tabs = await Promise.all([
      prepare(shopper, lines),
      prepare(shopper, lines),
      prepare(shopper, lines),
    ]);
    expect(new Set(tabs.map((tab) => tab.orderId)).size).toBe(1);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
  });

  it("paying on the first tab's page while the second tab checks out again ends in one paid order, no second charge kept", async () => {
    for (let round = 0; round < 5; round++) {
      const shopper = await signUpTestUser(t.services);
      const { cap } = await capAndHoodie();
      const lines = [{ variantId: cap.variant.id, quantity: 1 }];
      const placed = await prepare(shopper, lines);
      await pay(shopper, placed.orderId);
      const { paymentSessionId: firstPage } = await orderRow(t.services.db, placed.orderId);

      // tab 1 pays on its page; tab 2, at the same moment, goes through the checkout and pays too
      const [tab1, tab2] = await Promise.allSettled([
        payOnPage(firstPage!),
        (async () => {
          const again = await prepare(shopper, lines);
          await pay(shopper, again.orderId);
          const { paymentSessionId } = await orderRow(t.services.db, again.orderId);
          return payOnPage(paymentSessionId!);
        })(),
      ]);

      const paid = (await ordersOf(shopper.id))
        .filter((row) => row.paymentStatus === "paid")
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const context = `round ${round}: ${JSON.stringify([tab1, tab2])}`;
      // the checkout is paid once. A second paid order can only be a second purchase: tab 2's
      // shipping step came after tab 1's payment had settled, so there was no open checkout to
      // take over and tab 2 bought the cap again (as a customer may), in an order of its own
      expect(paid.length, context).toBeGreaterThanOrEqual(1);
      expect(paid.length, context).toBeLessThanOrEqual(2);
      expect(paid[0]!.id, context).toBe(placed.orderId);
      if (paid.length === 2) expect(paid[1]!.createdAt >= paid[0]!.paidAt!, context).toBe(true);
      // whatever was charged on a page that did not pay its order was given back in full
      for (const row of paid) {
        const pages = await t.services.db
          .select()
          .from(testPaymentSession)
          .where(eq(testPaymentSession.orderId, row.id));
        const kept = pages
          .filter((page) => page.status === "complete")
          .reduce((sum, page) => sum + page.amountCents - page.refundedCents, 0);
        expect(kept, context).toBe(row.totalCents);
      }
      expect(await sizeStock(t.services.db, cap.variant.id)).toBe(5 - paid.length);
    }
  });
});

describe("one payable order per customer", () => {
  it("never leaves two unpaid orders that can both be paid after Pay, Back and Pay again", async () => {
    const shopper = await signUpTestUser(t.services);
    const { cap } = await capAndHoodie();
    const lines = [{ variantId: cap.variant.id, quantity: 1 }];
    for (let attempt = 0; attempt < 3; attempt++) {
      const placed = await prepare(shopper, lines);
      await pay(shopper, placed.orderId);
    }
    expect(await payable(shopper.id)).toHaveLength(1);
    expect(await sizeStock(t.services.db, cap.variant.id)).toBe(4);
  });
});
