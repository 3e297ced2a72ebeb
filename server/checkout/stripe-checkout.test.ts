// The checkout on the Stripe driver, against a local Stripe stand-in (tests/setup/stripe-stand-in.ts):
// webhooks signed as Stripe signs them, delivered twice, out of order, or forged.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/cart/cart";
import { action as webhookAction } from "../../app/routes/checkout/api.webhooks.stripe";
import { checkoutMessages } from "../../core/checkout";
import { DEFAULT_MONEY, formatMoney } from "../../core/money";
import { callRoute, settle } from "../../tests/setup/route-call";
import { setupStripeServices } from "../../tests/setup/stripe-services";
import {
  insertTestCoupon,
  insertTestProduct,
  orderRow,
  productStock,
  signUpTestUser,
  TEST_SHIPPING,
} from "../../tests/setup/test-commerce";
import { releaseReservation } from "../../tests/setup/test-orders";
import { formRequest, TEST_PUBLIC_URL } from "../../tests/setup/test-services";
import { coupon, couponUsage, paymentEvent, productVariant, receipt } from "../db/schema";
import { listOutbox } from "../mail/read-outbox";
import { sweepExpiredReservations } from "./sweep-reservations";

const { stripe, t } = setupStripeServices();

type Json = Record<string, unknown> & { error?: string };

const cart = async (fields: Record<string, string>, cookie: string) =>
  settle<Json>(await callRoute(cartAction, formRequest("/cart", fields, cookie), { services: t.services }));

/** Posts to the Stripe webhook route; it always answers with a Response. */
const postWebhook = async (request: Request) =>
  (await callRoute(webhookAction, request, { services: t.services })) as Response;

/** The cart's shipping step: one line, to TEST_SHIPPING; the order it made. */
async function prepareCheckout(cookie: string, variantId: string, quantity: number, couponCode = "") {
  const prepared = await cart(
    { intent: "prepare", lines: JSON.stringify([{ variantId, quantity }]), couponCode, ...TEST_SHIPPING },
    cookie,
  );
  return prepared.data.order as { orderId: string; orderNumber: string; totalCents: number };
}

/** Stripe refuses the next session to be opened, as for a malformed e-mail address. */
const refuseNextSession = () =>
  stripe.failNextRequest({
    path: "/v1/checkout/sessions",
    method: "POST",
    status: 400,
    error: { type: "invalid_request_error", message: "The customer_email is invalid." },
  });

/** A shopper with a pending, reserved order on Stripe: the order and its session id. */
async function checkoutOnStripe(options: { stock?: number; quantity?: number; couponCode?: string } = {}) {
  const shopper = await signUpTestUser(t.services);
  const hoodie = await insertTestProduct(t.services.db, { priceCents: 8900, stock: options.stock ?? 5 });
  const summary = await prepareCheckout(
    shopper.cookie,
    hoodie.variant.id,
    options.quantity ?? 1,
    options.couponCode,
  );
  const paid = await cart({ intent: "pay", orderId: summary.orderId }, shopper.cookie);
  expect(paid.status).toBe(200);
  const { paymentSessionId } = await orderOf(summary.orderId);
  return { shopper, hoodie, summary, sessionId: paymentSessionId!, url: paid.data.url as string };
}

/** Delivers a signed event to the webhook route, as Stripe's servers would. */
async function deliver(event: { id?: string; type: string; sessionId: string }, signature?: string) {
  const session = stripe.sessions.get(event.sessionId);
  const signed = stripe.signedWebhook({ id: event.id, type: event.type, data: { object: session } });
  const request = new Request(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature ?? signed.signature },
    body: signed.rawBody,
  });
  return postWebhook(request);
}

const stockOf = (productId: string) => productStock(t.services.db, productId);
const orderOf = (orderId: string) => orderRow(t.services.db, orderId);

describe("checkout on Stripe", () => {
  it("opens a session that charges exactly the order, with the order's metadata and addresses", async () => {
    const tenOff = await insertTestCoupon(t.services.db, { percentBasisPoints: 1000 });
    const { summary, sessionId, url, shopper } = await checkoutOnStripe({
      quantity: 2,
      couponCode: tenOff.code,
    });
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
    const saved = await orderOf(summary.orderId);
    // 2 hoodies at 89.00 less 10 %, shipping 9.99, German VAT of 19 % included in both
    expect(saved).toMatchObject({ totalCents: 17800 + 999 - 1780, taxCents: 2558 + 160, taxCountry: "DE" });
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(saved.totalCents);
    expect(session.total_details.amount_tax).toBe(saved.taxCents);
    const created = stripe.requests.find(
      (request) =>
        request.path === "/v1/checkout/sessions" && request.body.client_reference_id === summary.orderId,
    );
    const [rate] = [...stripe.taxRates.values()];
    expect(rate).toMatchObject({ display_name: "VAT", percentage: 19, inclusive: true, country: "DE" });
    expect(created?.body.line_items).toEqual([
      {
        quantity: "2",
        price_data: {
          currency: "usd",
          unit_amount: "8010",
          tax_behavior: "inclusive",
          product_data: { name: expect.any(String), description: `Coupon ${tenOff.code}: −$17.80` },
        },
        tax_rates: [rate!.id],
      },
      {
        quantity: "1",
        price_data: {
          currency: "usd",
          unit_amount: "999",
          tax_behavior: "inclusive",
          product_data: { name: "Shipping: Complementary Priority", description: "2-4 business days" },
        },
        tax_rates: [rate!.id],
      },
    ]);
    expect(created?.body).toMatchObject({
      mode: "payment",
      customer_email: shopper.email,
      success_url: `${TEST_PUBLIC_URL}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_PUBLIC_URL}/cart?cancelled=${summary.orderId}`,
      metadata: { order_id: summary.orderId, order_number: summary.orderNumber },
    });
    expect(created?.headers["idempotency-key"]).toMatch(new RegExp(`^checkout-${summary.orderId}-\\d+$`));
  });

  it("one payment, its webhook delivered five times (two at once): one receipt, one use, one e-mail", async () => {
    const welcome = await insertTestCoupon(t.services.db, { usageLimit: 10 });
    const { summary, sessionId, hoodie, shopper } = await checkoutOnStripe({
      stock: 4,
      couponCode: welcome.code,
    });
    expect(await stockOf(hoodie.id)).toBe(3);
    stripe.completeSession(sessionId, { brand: "mastercard", last4: "4444" });

    const eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
    const first = await Promise.all([
      deliver({ id: eventId, type: "checkout.session.completed", sessionId }),
      deliver({ id: eventId, type: "checkout.session.completed", sessionId }),
    ]);
    for (let again = 0; again < 3; again++) {
      first.push(await deliver({ id: eventId, type: "checkout.session.completed", sessionId }));
    }
    expect(first.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    // and once more under another event id, as the success page would
    await deliver({ type: "checkout.session.async_payment_succeeded", sessionId });

    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "paid", status: "processing" });
    const receipts = await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      cardBrand: "mastercard",
      cardLast4: "4444",
      amountCents: summary.totalCents,
      // the VAT Stripe reports it charged, the order's to the cent
      taxCents: (await orderOf(summary.orderId)).taxCents,
    });
    expect(receipts[0]?.taxCents).toBeGreaterThan(0);
    expect(receipts[0]?.providerData).toMatchObject({ object: "charge", amount: summary.totalCents });
    expect(
      await t.services.db.select().from(couponUsage).where(eq(couponUsage.orderId, summary.orderId)),
    ).toHaveLength(1);
    const [used] = await t.services.db.select().from(coupon).where(eq(coupon.id, welcome.id));
    expect(used?.usageCount).toBe(1);
    expect(await stockOf(hoodie.id)).toBe(3);
    await t.services.mailQueue.settled();
    const mails = (await listOutbox(t.outboxFolder)).filter(
      (mail) => mail.to === shopper.email && mail.subject.includes(summary.orderNumber),
    );
    expect(mails).toHaveLength(1);
    expect(await t.services.db.select().from(paymentEvent).where(eq(paymentEvent.id, eventId))).toHaveLength(
      1,
    );
  });

  it("every checkout to the same country uses the one Tax Rate made for it", async () => {
    await checkoutOnStripe();
    await checkoutOnStripe({ quantity: 3 });
    const rateIds = stripe.requests
      .filter((request) => request.path === "/v1/checkout/sessions" && request.method === "POST")
      .flatMap((request) =>
        (request.body.line_items as { tax_rates: string[] }[]).flatMap((line) => line.tax_rates),
      );
    expect(new Set(rateIds).size).toBe(1);
    expect(stripe.requests.filter((request) => request.path === "/v1/tax_rates")).toHaveLength(1);
  });

  it("flags the order for the admin when Stripe reports other VAT than the order's", async () => {
    const { summary, sessionId } = await checkoutOnStripe();
    const session = stripe.sessions.get(sessionId)!;
    // as if a Tax Rate had been changed at Stripe behind the store's back
    session.total_details.amount_tax -= 1;
    stripe.completeSession(sessionId);
    await deliver({ type: "checkout.session.completed", sessionId });

    const paid = await orderOf(summary.orderId);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.attentionReason).toBe(
      `The provider charged ${formatMoney(paid.taxCents - 1, DEFAULT_MONEY)} of VAT but the order's VAT is ${formatMoney(paid.taxCents, DEFAULT_MONEY)}.`,
    );
    const [kept] = await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId));
    expect(kept?.taxCents).toBe(paid.taxCents - 1);
  });

  it("an 'expired' event for a session that was in fact paid fulfils it; the real expiry later changes nothing", async () => {
    const { summary, sessionId, hoodie } = await checkoutOnStripe({ stock: 2 });
    stripe.completeSession(sessionId);
    await deliver({ type: "checkout.session.expired", sessionId });
    await deliver({ type: "checkout.session.completed", sessionId });
    await deliver({ type: "checkout.session.expired", sessionId });
    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await stockOf(hoodie.id)).toBe(1);
    expect(
      await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId)),
    ).toHaveLength(1);
  });

  it("an expired session returns the stock and the coupon use", async () => {
    const limited = await insertTestCoupon(t.services.db, { usageLimit: 1 });
    const { summary, sessionId, hoodie } = await checkoutOnStripe({ stock: 1, couponCode: limited.code });
    expect(await stockOf(hoodie.id)).toBe(0);
    stripe.expireSession(sessionId);
    expect((await deliver({ type: "checkout.session.expired", sessionId })).status).toBe(200);
    expect(await stockOf(hoodie.id)).toBe(1);
    const [back] = await t.services.db.select().from(coupon).where(eq(coupon.id, limited.id));
    expect(back?.usageCount).toBe(0);
    expect(await orderOf(summary.orderId)).toMatchObject({
      status: "cancelled",
      paymentStatus: "cancelled",
    });
  });

  it("a delayed payment that fails releases the order as failed", async () => {
    const { summary, sessionId, hoodie } = await checkoutOnStripe({ stock: 3 });
    // a bank debit: the session completes unpaid, then the debit fails
    stripe.completeSessionByDebit(sessionId);
    await deliver({ type: "checkout.session.completed", sessionId });
    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "processing", isReserved: true });
    expect(await stockOf(hoodie.id)).toBe(2);
    stripe.answerDebit(sessionId, "failed");
    await deliver({ type: "checkout.session.async_payment_failed", sessionId });
    expect(await orderOf(summary.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(hoodie.id)).toBe(3);
  });

  it("a delayed payment holds its stock past the session's expiry and settles on async_payment_succeeded", async () => {
    const { summary, sessionId, hoodie, shopper } = await checkoutOnStripe({ stock: 3 });
    stripe.completeSessionByDebit(sessionId, "3000");
    await deliver({ type: "checkout.session.completed", sessionId });
    expect(await orderOf(summary.orderId)).toMatchObject({
      paymentStatus: "processing",
      paymentMethodLabel: "SEPA Direct Debit •••• 3000",
    });
    await sweepExpiredReservations({ services: t.services, now: new Date(Date.now() + 48 * 60 * 60 * 1000) });
    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "processing", isReserved: true });
    expect(await stockOf(hoodie.id)).toBe(2);

    stripe.answerDebit(sessionId, "succeeded");
    const eventId = `evt_${crypto.randomUUID().replaceAll("-", "")}`;
    await Promise.all([
      deliver({ id: eventId, type: "checkout.session.async_payment_succeeded", sessionId }),
      deliver({ type: "checkout.session.async_payment_succeeded", sessionId }),
    ]);
    expect(await orderOf(summary.orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    const receipts = await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId));
    expect(receipts).toMatchObject([
      { paymentMethodType: "sepa_debit", paymentMethodLabel: "SEPA Direct Debit •••• 3000" },
    ]);
    expect(await stockOf(hoodie.id)).toBe(2);
    await t.services.mailQueue.settled();
    const mails = (await listOutbox(t.outboxFolder)).filter(
      (mail) => mail.to === shopper.email && mail.subject.includes(summary.orderNumber),
    );
    expect(mails).toHaveLength(1);
  });

  it("a payment after the reservation was released takes the stock again if it is there", async () => {
    const { summary, sessionId, hoodie } = await checkoutOnStripe({ stock: 2 });
    await releaseReservation(t.services, summary.orderId, "cancelled");
    expect(await stockOf(hoodie.id)).toBe(2);
    stripe.completeSession(sessionId);
    await deliver({ type: "checkout.session.completed", sessionId });
    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "paid", attentionReason: null });
    expect(await stockOf(hoodie.id)).toBe(1);
  });

  it("a late payment with the stock gone is refunded and flagged for the admin", async () => {
    const { summary, sessionId, hoodie } = await checkoutOnStripe({ stock: 1 });
    await releaseReservation(t.services, summary.orderId, "cancelled");
    await t.services.db
      .update(productVariant)
      .set({ stock: 0 })
      .where(eq(productVariant.id, hoodie.variant.id));
    stripe.completeSession(sessionId);
    await deliver({ type: "checkout.session.completed", sessionId });
    await deliver({ type: "checkout.session.completed", sessionId });

    const flagged = await orderOf(summary.orderId);
    expect(flagged).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(flagged.attentionReason).toMatch(/refunded/);
    expect(await stockOf(hoodie.id)).toBe(0);
    const refunds = [...stripe.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: summary.totalCents });
    expect(await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId))).toEqual([
      expect.objectContaining({ status: "refunded" }),
    ]);
  });

  it("a forged or tampered webhook gets 400 and writes nothing", async () => {
    const { summary, sessionId } = await checkoutOnStripe();
    stripe.completeSession(sessionId);
    const forged = await deliver({ type: "checkout.session.completed", sessionId }, "t=1,v1=deadbeef");
    expect(forged.status).toBe(400);

    const signed = stripe.signedWebhook({
      type: "checkout.session.completed",
      data: { object: { id: sessionId } },
    });
    const tampered = new Request(`${TEST_PUBLIC_URL}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "stripe-signature": signed.signature },
      body: signed.rawBody.replace(sessionId, `${sessionId}x`),
    });
    expect((await postWebhook(tampered)).status).toBe(400);

    expect(await orderOf(summary.orderId)).toMatchObject({ paymentStatus: "pending" });
    expect(await t.services.db.select().from(paymentEvent)).not.toContainEqual(
      expect.objectContaining({ id: JSON.parse(signed.rawBody).id }),
    );
    expect(
      await t.services.db.select().from(receipt).where(eq(receipt.orderId, summary.orderId)),
    ).toHaveLength(0);
  });

  it("when Stripe fails to open the session, the stock and the coupon use come back at once", async () => {
    const shopper = await signUpTestUser(t.services);
    const hoodie = await insertTestProduct(t.services.db, { stock: 1 });
    const lastUse = await insertTestCoupon(t.services.db, { usageLimit: 1 });
    const { orderId } = await prepareCheckout(shopper.cookie, hoodie.variant.id, 1, lastUse.code);
    refuseNextSession();
    expect((await cart({ intent: "pay", orderId }, shopper.cookie)).status).toBe(502);
    // no sweeper pass needed: both are free for the next shopper straight away
    expect(await stockOf(hoodie.id)).toBe(1);
    const [back] = await t.services.db.select().from(coupon).where(eq(coupon.id, lastUse.id));
    expect(back?.usageCount).toBe(0);
    expect(await orderOf(orderId)).toMatchObject({
      paymentStatus: "pending",
      isReserved: false,
      reservedUntil: null,
      paymentSessionId: null,
    });
  });

  it("when Stripe refuses the session, the shopper sees why and the reservation is undone", async () => {
    const shopper = await signUpTestUser(t.services);
    const cap = await insertTestProduct(t.services.db, { stock: 2 });
    const { orderId } = await prepareCheckout(shopper.cookie, cap.variant.id, 2);
    refuseNextSession();
    expect(await cart({ intent: "pay", orderId }, shopper.cookie)).toMatchObject({
      status: 502,
      data: { error: "The customer_email is invalid." },
    });
    expect(await stockOf(cap.id)).toBe(2);
    expect(await orderOf(orderId)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
      isReserved: false,
    });

    stripe.failNextRequest({
      path: "/v1/checkout/sessions",
      method: "POST",
      status: 500,
      error: { type: "api_error", message: "Something went wrong on Stripe's end." },
    });
    stripe.failNextRequest({
      path: "/v1/checkout/sessions",
      method: "POST",
      status: 500,
      error: { type: "api_error", message: "Something went wrong on Stripe's end." },
    });
    stripe.failNextRequest({
      path: "/v1/checkout/sessions",
      method: "POST",
      status: 500,
      error: { type: "api_error", message: "Something went wrong on Stripe's end." },
    });
    expect((await cart({ intent: "pay", orderId }, shopper.cookie)).data.error).toBe(
      checkoutMessages.sessionFailed,
    );
    // the button is enabled again and the next press works
    expect((await cart({ intent: "pay", orderId }, shopper.cookie)).status).toBe(200);
    expect(await stockOf(cap.id)).toBe(0);
  });
});
