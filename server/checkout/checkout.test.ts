import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/cart/cart";
import { loader as successLoader } from "../../app/routes/checkout/checkout-success";
import {
  action as testCheckoutAction,
  loader as testCheckoutLoader,
} from "../../app/routes/checkout/test-checkout";
import { checkoutMessages, type OrderSummary } from "../../core/checkout";
import { couponMessages } from "../../core/coupon";
import { callRoute, type RouteFunction, settle } from "../../tests/setup/route-call";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  productStock,
  signUpTestUser,
  sizeRun,
  sizeStock,
  TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { testSessionsOfOrder } from "../../tests/setup/test-orders";
import { formRequest, setupTestServices } from "../../tests/setup/test-services";
import { coupon, couponUsage, order, orderItem, productVariant, receipt } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { type TestCheckoutContents, testCheckoutMessages } from "../payments/test-provider";
import { cancelAbandonedCheckouts, sweepExpiredReservations } from "./sweep-reservations";

const t = setupTestServices();

type Json = Record<string, unknown> & { error?: string; code?: string };

/** A route's answer (see settle), signed in with `cookie` even when the request carries none. */
const call = async (
  fn: RouteFunction,
  request: Request,
  cookie?: string,
  params: Record<string, string> = {},
) => settle<Json>(await callRoute(fn, request, { services: t.services, cookie, params }));

const cart = (fields: Record<string, string>, cookie?: string) =>
  call(cartAction, formRequest("/cart", fields, cookie), cookie);

const linesOf = (...lines: { variantId: string; quantity: number }[]) => JSON.stringify(lines);

async function prepare(options: {
  cookie: string;
  lines: string;
  couponCode?: string;
  shipping?: Partial<typeof TEST_SHIPPING>;
}) {
  return cart(
    {
      intent: "prepare",
      lines: options.lines,
      couponCode: options.couponCode ?? "",
      ...TEST_SHIPPING,
      ...options.shipping,
    },
    options.cookie,
  );
}

const stockOf = (productId: string) => productStock(t.services.db, productId);
const orderOf = (orderId: string) => orderRow(t.services.db, orderId);

function sessionIdOf(url: string) {
  return new URL(url).pathname.split("/").pop()!;
}

async function payOnTestPage(sessionId: string, cardNumber: string) {
  return call(
    testCheckoutAction,
    formRequest(`/test-checkout/${sessionId}`, { cardNumber, expiry: "12/34", cvc: "123" }),
    undefined,
    { session: sessionId },
  );
}

describe("the whole purchase with the test checkout", () => {
  it("prices from the database, reserves, pays, fulfils once and shows the order", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { priceCents: 4500, stock: 5 });
    const hoodie = await insertTestProduct(t.services.db, { priceCents: 8900, stock: 3 });
    const welcome = await insertTestCoupon(t.services.db, { percentBasisPoints: 1000 });
    const lines = linesOf(
      { variantId: tee.variant.id, quantity: 2 },
      { variantId: hoodie.variant.id, quantity: 1 },
    );

    const applied = await cart({ intent: "coupon", code: welcome.code.toLowerCase(), lines }, shopper.cookie);
    expect(applied.data).toMatchObject({
      coupon: { code: welcome.code, discountCents: 1790 },
      message: "Coupon applied! You saved $17.90",
    });

    const first = await prepare({ cookie: shopper.cookie, lines, couponCode: welcome.code });
    expect(first.status).toBe(200);
    const summary = first.data.order as OrderSummary;
    expect(summary).toMatchObject({
      subtotalCents: 17900,
      discountCents: 1790,
      shippingCents: 999,
      totalCents: 17900 + 999 - 1790,
      status: "pending",
      paymentStatus: "pending",
      couponCode: welcome.code,
      shippingAddress: "Nova Shopper\nTorstraße 101\n10119 Berlin\nGermany",
    });
    expect(summary.orderNumber).toMatch(/^NOC-\d{5,}$/);

    // Back, change the address, Continue: the same order, updated
    const again = await prepare({
      cookie: shopper.cookie,
      lines,
      couponCode: welcome.code,
      shipping: { city: "Hamburg", zipCode: "20095", state: "Hamburg", note: "Ring twice" },
    });
    expect((again.data.order as { orderId: string }).orderId).toBe(summary.orderId);
    const saved = await orderOf(summary.orderId);
    expect(saved).toMatchObject({
      shippingNote: "Ring twice",
      paymentMethod: "test",
      shippingMethod: "Complementary Priority",
    });
    expect(saved.shippingAddress).toContain("20095 Hamburg");
    expect(await t.services.db.select().from(order).where(eq(order.userId, shopper.id))).toHaveLength(1);
    expect(await stockOf(tee.id)).toBe(5);

    const paid = await cart({ intent: "pay", orderId: summary.orderId }, shopper.cookie);
    expect(paid.status).toBe(200);
    const url = paid.data.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3999\/test-checkout\/tcs_[0-9a-f]{40}$/);
    // reserved: stock and the coupon use are held while the shopper pays
    expect(await stockOf(tee.id)).toBe(3);
    expect(await stockOf(hoodie.id)).toBe(2);
    const [held] = await t.services.db.select().from(coupon).where(eq(coupon.id, welcome.id));
    expect(held?.usageCount).toBe(1);

    const sessionId = sessionIdOf(url);
    const page = await call(testCheckoutLoader, new Request(url), undefined, { session: sessionId });
    expect(page.data).toMatchObject({
      open: true,
      amountCents: summary.totalCents,
      customerEmail: shopper.email,
    });
    // the page lists what the order charges: each line after its share of the coupon (9.00 and
    // 8.90), shipping, and the German VAT the prices include (12.93 + 12.79 + 1.60 on shipping)
    const items = page.data.items as TestCheckoutContents;
    expect(items.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: tee.name,
          unitAmountCents: 4050,
          quantity: 2,
          description: `Coupon ${welcome.code}: −$9.00`,
          taxCents: 1293,
        }),
        expect.objectContaining({
          name: hoodie.name,
          unitAmountCents: 8010,
          quantity: 1,
          description: `Coupon ${welcome.code}: −$8.90`,
          taxCents: 1279,
        }),
      ]),
    );
    expect(items.lines).toHaveLength(2);
    expect(items.shipping).toEqual({
      label: "Shipping: Complementary Priority",
      description: "2-4 business days",
      amountCents: 999,
      taxCents: 160,
    });
    expect(items.tax).toEqual({
      behavior: "inclusive",
      country: "DE",
      countryName: "Germany",
      rateBasisPoints: 1900,
      amountCents: 2732,
    });

    const result = await payOnTestPage(sessionId, "4242 4242 4242 4242");
    expect(result.status).toBe(302);
    expect(result.response?.headers.get("Location")).toBe(
      `http://localhost:3999/checkout-success?session_id=${sessionId}`,
    );

    const done = await orderOf(summary.orderId);
    expect(done).toMatchObject({ status: "processing", paymentStatus: "paid", paymentSessionId: sessionId });
    expect(done.paidAt).toBeInstanceOf(Date);
    const receipts = await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      billingEmail: shopper.email,
      cardBrand: "visa",
      cardLast4: "4242",
      amountCents: summary.totalCents,
      taxCents: 2732,
      currency: "usd",
      status: "completed",
    });
    expect(receipts[0]?.receiptNumber).toMatch(/^RCT-\d+$/);
    const usages = await t.services.db
      .select()
      .from(couponUsage)
      .where(eq(couponUsage.orderId, summary.orderId));
    expect(usages).toEqual([
      expect.objectContaining({ couponId: welcome.id, userId: shopper.id, discountCents: 1790 }),
    ]);
    expect(await stockOf(tee.id)).toBe(3);

    // the success page settles again (as a webhook would): nothing changes a second time
    const success = await call(
      successLoader,
      new Request(`http://localhost:3999/checkout-success?session_id=${sessionId}`),
      shopper.cookie,
    );
    const outcome = await (success.data.outcome as Promise<unknown>);
    // with what was paid as the order was priced, VAT included (TEST_SHIPPING: Germany)
    expect(outcome).toEqual({
      ok: true,
      result: {
        orderNumber: summary.orderNumber,
        state: "paid",
        // the method the test checkout reports it was paid with
        paymentMethodLabel: "Visa •••• 4242",
        currency: "USD",
        totals: {
          couponCode: summary.couponCode,
          shippingMethod: summary.shippingMethod,
          subtotalCents: summary.subtotalCents,
          discountCents: summary.discountCents,
          shippingCents: summary.shippingCents,
          taxCents: summary.taxCents,
          totalCents: summary.totalCents,
          tax: summary.tax,
        },
        // what the cart takes out: this order's sizes and quantities, nothing else
        paidLines: expect.arrayContaining([
          { variantId: tee.variant.id, quantity: 2 },
          { variantId: hoodie.variant.id, quantity: 1 },
        ]),
      },
    });
    expect((outcome as { result: { paidLines: unknown[] } }).result.paidLines).toHaveLength(2);
    expect(summary.tax).toMatchObject({ mode: "inclusive", country: "DE", countryName: "Germany" });
    expect(summary.taxCents).toBeGreaterThan(0);
    expect(
      await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId)),
    ).toHaveLength(1);
    expect(await stockOf(tee.id)).toBe(3);

    // the confirmation is queued with the payment and delivered right after it
    await t.services.mailQueue.settled();
    const mails = (await listOutbox(t.outboxFolder)).filter(
      (mail) => mail.to === shopper.email && mail.subject.includes(summary.orderNumber),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Total paid: $171.09");
  });

  it("sells sizes: each size's stock is its own, and the order keeps the size", async () => {
    const shopper = await signUpTestUser(t.services);
    const hoodie = await insertTestProduct(t.services.db, {
      name: "Size Run Hoodie",
      priceCents: 8000,
      sizes: sizeRun({ S: 0, M: 2, L: 5 }),
    });
    const [small, medium, large] = hoodie.variants;
    expect(hoodie.stock).toBe(7);

    // a sold-out size cannot be bought, whatever the others hold
    const soldOut = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: small!.id, quantity: 1 }),
    });
    expect(soldOut.data.error).toBe("Failed to create order: Size Run Hoodie (S) is sold out.");
    const tooMany = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: medium!.id, quantity: 3 }),
    });
    expect(tooMany.data.error).toBe(
      "Failed to create order: Sorry, only 2 of Size Run Hoodie (M) available in stock.",
    );

    // two sizes of one product are two lines
    const prepared = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: medium!.id, quantity: 2 }, { variantId: large!.id, quantity: 1 }),
    });
    const summary = prepared.data.order as { orderId: string; lines: { size: string; quantity: number }[] };
    expect(summary.lines.map(({ size, quantity }) => ({ size, quantity }))).toEqual([
      { size: "L", quantity: 1 },
      { size: "M", quantity: 2 },
    ]);

    const paid = await cart({ intent: "pay", orderId: summary.orderId }, shopper.cookie);
    expect(await sizeStock(t.services.db, small!.id)).toBe(0);
    expect(await sizeStock(t.services.db, medium!.id)).toBe(0);
    expect(await sizeStock(t.services.db, large!.id)).toBe(4);
    expect(await stockOf(hoodie.id)).toBe(4);

    // Cancel on the payment page: each size gets its own units back
    await cart({ intent: "cancel", orderId: summary.orderId }, shopper.cookie);
    expect(await sizeStock(t.services.db, medium!.id)).toBe(2);
    expect(await sizeStock(t.services.db, large!.id)).toBe(5);
    expect(await stockOf(hoodie.id)).toBe(7);
    expect(paid.status).toBe(200);

    // paid: the confirmation names the size
    const again = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: large!.id, quantity: 1 }),
    });
    const againId = (again.data.order as { orderId: string }).orderId;
    const url = (await cart({ intent: "pay", orderId: againId }, shopper.cookie)).data.url as string;
    await payOnTestPage(sessionIdOf(url), "4242 4242 4242 4242");
    expect(await sizeStock(t.services.db, large!.id)).toBe(4);
    await t.services.mailQueue.settled();
    const [confirmation] = (await listOutbox(t.outboxFolder)).filter((mail) => mail.to === shopper.email);
    expect(confirmation?.text).toContain("Size Run Hoodie (L) × 1");

    // the item keeps its size after the size is renamed
    await t.services.db
      .update(productVariant)
      .set({ size: "Medium" })
      .where(eq(productVariant.id, medium!.id));
    const items = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, summary.orderId));
    expect(items.map((item) => [item.size, item.variantId]).sort()).toEqual([
      ["L", large!.id],
      ["M", medium!.id],
    ]);
  });

  it("shows no order to another shopper, and asks a visitor to sign in", async () => {
    const owner = await signUpTestUser(t.services);
    const stranger = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db);
    const prepared = await prepare({
      cookie: owner.cookie,
      lines: linesOf({ variantId: tee.variant.id, quantity: 1 }),
    });
    const orderId = (prepared.data.order as { orderId: string }).orderId;
    const paid = await cart({ intent: "pay", orderId }, owner.cookie);
    const sessionId = sessionIdOf(paid.data.url as string);

    const theirs = await call(
      successLoader,
      new Request(`http://localhost:3999/checkout-success?session_id=${sessionId}`),
      stranger.cookie,
    );
    expect(await (theirs.data.outcome as Promise<unknown>)).toMatchObject({
      ok: false,
      message: checkoutMessages.orderNotFound,
    });
    expect(await cart({ intent: "pay", orderId }, stranger.cookie)).toMatchObject({
      status: 404,
      data: { error: checkoutMessages.orderNotFound },
    });
    const visitor = await call(
      successLoader,
      new Request(`http://localhost:3999/checkout-success?session_id=${sessionId}`),
    );
    expect(visitor.response?.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await cart({ intent: "prepare", lines: "[]" })).toMatchObject({
      status: 401,
      data: { error: checkoutMessages.signInRequired, signInRequired: true },
    });
  });

  it("a declined card pays nothing and leaves the session open for another card", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 4 });
    const prepared = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: tee.variant.id, quantity: 1 }),
    });
    const orderId = (prepared.data.order as { orderId: string }).orderId;
    const paid = await cart({ intent: "pay", orderId }, shopper.cookie);
    const sessionId = sessionIdOf(paid.data.url as string);

    const declined = await payOnTestPage(sessionId, "4000 0000 0000 0002");
    expect(declined).toMatchObject({ status: 402, data: { error: testCheckoutMessages.declined } });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "pending", isReserved: true });
    expect(await t.services.db.select().from(receipt).where(eq(receipt.orderId, orderId))).toHaveLength(0);

    const unknown = await payOnTestPage(sessionId, "1234 5678 9012 3456");
    expect(unknown.data.error).toBe(testCheckoutMessages.unknownCard);

    expect((await payOnTestPage(sessionId, "4242424242424242")).status).toBe(302);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid" });
    // a paid session cannot be paid twice
    expect((await payOnTestPage(sessionId, "4242424242424242")).data.error).toBe(testCheckoutMessages.closed);
  });

  it("Cancel on the payment page gives the stock and the coupon use back at once", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 2 });
    const limited = await insertTestCoupon(t.services.db, { usageLimit: 1 });
    const lines = linesOf({ variantId: tee.variant.id, quantity: 2 });
    const prepared = await prepare({ cookie: shopper.cookie, lines, couponCode: limited.code });
    const orderId = (prepared.data.order as { orderId: string }).orderId;
    const paid = await cart({ intent: "pay", orderId }, shopper.cookie);
    expect(await stockOf(tee.id)).toBe(0);

    // the test page's Cancel leads to /cart?cancelled=<order id>, whose page posts this
    const cancelUrl = (
      await call(testCheckoutLoader, new Request(paid.data.url as string), undefined, {
        session: sessionIdOf(paid.data.url as string),
      })
    ).data.cancelUrl as string;
    expect(cancelUrl).toBe(`http://localhost:3999/cart?cancelled=${orderId}`);
    expect(await cart({ intent: "cancel", orderId }, shopper.cookie)).toMatchObject({ status: 200 });

    expect(await stockOf(tee.id)).toBe(2);
    const [back] = await t.services.db.select().from(coupon).where(eq(coupon.id, limited.id));
    expect(back?.usageCount).toBe(0);
    expect(await orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      isReserved: false,
    });
    const [session] = await testSessionsOfOrder(t.services.db, orderId);
    expect(session?.status).toBe("expired");
    // the cancelled session can no longer be paid
    expect((await payOnTestPage(session!.id, "4242424242424242")).data.error).toBe(
      testCheckoutMessages.closed,
    );
    // and Pay on that order is refused
    expect(await cart({ intent: "pay", orderId }, shopper.cookie)).toMatchObject({
      status: 409,
      data: { error: checkoutMessages.orderNotPayable },
    });
  });

  it("the sweeper releases reservations past their time", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 3 });
    const prepared = await prepare({
      cookie: shopper.cookie,
      lines: linesOf({ variantId: tee.variant.id, quantity: 3 }),
    });
    const orderId = (prepared.data.order as { orderId: string }).orderId;
    await cart({ intent: "pay", orderId }, shopper.cookie);
    expect(await stockOf(tee.id)).toBe(0);

    await sweepExpiredReservations({ services: t.services });
    expect(await stockOf(tee.id)).toBe(0);

    const later = new Date(Date.now() + 40 * 60 * 1000);
    await sweepExpiredReservations({ services: t.services, now: later });
    expect(await stockOf(tee.id)).toBe(3);
    expect(await orderOf(orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
      isReserved: false,
    });
  });
});

describe("checkouts left at the shipping step", () => {
  it("are closed after a day; ones that went on to Pay are not", async () => {
    const [leaving, buying] = [await signUpTestUser(t.services), await signUpTestUser(t.services)];
    const tee = await insertTestProduct(t.services.db, { stock: 5 });
    const lines = linesOf({ variantId: tee.variant.id, quantity: 1 });
    const left = (await prepare({ cookie: leaving.cookie, lines })).data.order as { orderId: string };
    const paying = (await prepare({ cookie: buying.cookie, lines })).data.order as { orderId: string };
    await cart({ intent: "pay", orderId: paying.orderId }, buying.cookie);

    expect(await cancelAbandonedCheckouts({ db: t.services.db })).toBe(0);
    await cancelAbandonedCheckouts({ db: t.services.db, now: new Date(Date.now() + 25 * 60 * 60 * 1000) });
    expect(await orderOf(left.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "cancelled" });
    expect(await orderOf(paying.orderId)).toMatchObject({ status: "pending", isReserved: true });
    expect(await stockOf(tee.id)).toBe(4);
  });
});

describe("what the server refuses", () => {
  it("ignores prices and totals sent by the browser", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { priceCents: 4500 });
    const tampered = JSON.stringify([{ variantId: tee.variant.id, quantity: 1, priceCents: 1, total: 1 }]);
    const request = formRequest(
      "/cart",
      {
        intent: "prepare",
        lines: tampered,
        couponCode: "",
        totalCents: "1",
        subtotalCents: "1",
        ...TEST_SHIPPING,
      },
      shopper.cookie,
    );
    const result = await call(cartAction, request, shopper.cookie);
    expect(result.data.order).toMatchObject({ subtotalCents: 4500, totalCents: 5499 });
    const orderId = (result.data.order as { orderId: string }).orderId;
    const items = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, orderId));
    expect(items).toEqual([
      expect.objectContaining({ priceCents: 4500, quantity: 1, productName: tee.name }),
    ]);
  });

  it("refuses unknown products, quantities above stock and malformed carts", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 2, name: "Phantom Tee" });
    expect(
      await prepare({
        cookie: shopper.cookie,
        lines: linesOf({ variantId: crypto.randomUUID(), quantity: 1 }),
      }),
    ).toMatchObject({
      status: 409,
      data: { error: checkoutMessages.createOrderFailed(checkoutMessages.productUnavailable) },
    });
    expect(
      await prepare({ cookie: shopper.cookie, lines: linesOf({ variantId: tee.variant.id, quantity: 3 }) }),
    ).toMatchObject({
      status: 409,
      data: { error: "Failed to create order: Sorry, only 2 of Phantom Tee available in stock." },
    });
    expect(await prepare({ cookie: shopper.cookie, lines: "[]" })).toMatchObject({
      status: 400,
      data: { error: checkoutMessages.cartEmpty },
    });
    expect(
      await prepare({
        cookie: shopper.cookie,
        lines: JSON.stringify([{ variantId: tee.variant.id, quantity: -4 }]),
      }),
    ).toMatchObject({ status: 400, data: { error: checkoutMessages.createOrderFailedGeneric } });
    expect(await prepare({ cookie: shopper.cookie, lines: "not json" })).toMatchObject({ status: 400 });
  });

  it("merges lines of one product and refuses more than 99 of it before anything is saved or reserved", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { stock: 500, name: "Bulk Tee" });
    const tooMany = { status: 400, data: { error: checkoutMessages.tooManyOfOne("Bulk Tee") } };
    const threeLines = linesOf(
      { variantId: tee.variant.id, quantity: 99 },
      { variantId: tee.variant.id, quantity: 99 },
      { variantId: tee.variant.id, quantity: 99 },
    );
    expect(await prepare({ cookie: shopper.cookie, lines: threeLines })).toMatchObject(tooMany);
    expect(
      await prepare({ cookie: shopper.cookie, lines: linesOf({ variantId: tee.variant.id, quantity: 100 }) }),
    ).toMatchObject(tooMany);
    expect(
      await cart({ intent: "coupon", code: "WELCOME10", lines: threeLines }, shopper.cookie),
    ).toMatchObject(tooMany);
    expect(await t.services.db.select().from(order).where(eq(order.userId, shopper.id))).toEqual([]);
    expect(await stockOf(tee.id)).toBe(500);

    // within the cap, the lines become one item
    const merged = await prepare({
      cookie: shopper.cookie,
      lines: linesOf(
        { variantId: tee.variant.id, quantity: 40 },
        { variantId: tee.variant.id, quantity: 59 },
      ),
    });
    const orderId = (merged.data.order as { orderId: string }).orderId;
    const items = await t.services.db.select().from(orderItem).where(eq(orderItem.orderId, orderId));
    expect(items).toEqual([expect.objectContaining({ variantId: tee.variant.id, quantity: 99 })]);
  });

  it("names the first missing shipping field", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db);
    const lines = linesOf({ variantId: tee.variant.id, quantity: 1 });
    for (const [field, label] of [
      ["fullName", "Full Name"],
      ["addressLine1", "Address Line 1"],
      ["city", "City"],
      ["zipCode", "ZIP Code"],
    ] as const) {
      const result = await prepare({ cookie: shopper.cookie, lines, shipping: { [field]: "  " } });
      expect(result.data.error).toBe(`Please fill in ${label}`);
    }
    // the region only where the country's addresses carry one (core/address-format.ts)
    const italian = { country: "IT", zipCode: "00144", state: "  " };
    const noProvince = await prepare({ cookie: shopper.cookie, lines, shipping: italian });
    expect(noProvince.data.error).toBe("Please fill in Province");
    const noCountry = await prepare({ cookie: shopper.cookie, lines, shipping: { country: "US" } });
    expect(noCountry.data.error).toBe(checkoutMessages.countryRequired);
  });

  it("gives each coupon problem the spec's message, in the spec's order", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db, { priceCents: 2500 });
    const lines = linesOf({ variantId: tee.variant.id, quantity: 1 });
    const expired = await insertTestCoupon(t.services.db, { expiresAt: new Date("2024-01-01T00:00:00Z") });
    const inactive = await insertTestCoupon(t.services.db, { isActive: false });
    const exhausted = await insertTestCoupon(t.services.db, { usageLimit: 2, usageCount: 2 });
    const minimum = await insertTestCoupon(t.services.db, {
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 1000,
      minimumOrderCents: 5000,
    });
    const huge = await insertTestCoupon(t.services.db, {
      discountType: "fixed",
      percentBasisPoints: null,
      amountOffCents: 99_900,
    });
    const check = async (code: string) =>
      (await cart({ intent: "coupon", code, lines }, shopper.cookie)).data;

    expect((await check("   ")).error).toBe(couponMessages.empty);
    expect((await check("NOPE-NOT-A-CODE")).error).toBe(couponMessages.invalid);
    expect((await check(inactive.code)).error).toBe(couponMessages.invalid);
    expect((await check(expired.code)).error).toBe(couponMessages.expired);
    expect((await check(exhausted.code)).error).toBe(couponMessages.exhausted);
    expect((await check(minimum.code)).error).toBe("Minimum order amount of $50.00 required for this coupon");
    // capped at the subtotal
    expect(await check(huge.code)).toMatchObject({ message: "Coupon applied! You saved $25.00" });
    const prepared = await prepare({ cookie: shopper.cookie, lines, couponCode: huge.code });
    expect(prepared.data.order).toMatchObject({ subtotalCents: 2500, discountCents: 2500, totalCents: 999 });
  });

  it("limits coupon attempts per shopper", async () => {
    const shopper = await signUpTestUser(t.services);
    const tee = await insertTestProduct(t.services.db);
    const lines = linesOf({ variantId: tee.variant.id, quantity: 1 });
    const answers = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      answers.push(await cart({ intent: "coupon", code: `GUESS${attempt}`, lines }, shopper.cookie));
    }
    expect(answers.slice(0, 10).every((answer) => answer.data.error === couponMessages.invalid)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.data.error).toMatch(
      /^Too many coupon attempts\. Please wait \d+ seconds? and try again\.$/,
    );
  });
});
