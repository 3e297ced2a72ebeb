import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CouponTerms, couponDiscountCents } from "../../core/coupon";
import { SHIPPING_CENTS, SHIPPING_METHOD, subtotalCents } from "../../core/pricing";
import { type StripeStandIn, startStripeStandIn } from "../../tests/setup/stripe-stand-in";
import {
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  PaymentWebhookError,
} from "./payment-provider";
import { createStripeProvider } from "./stripe-provider";

let standIn: StripeStandIn;
let stripe: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeProvider({
    secretKey: "sk_test_nocturn",
    webhookSecret: standIn.webhookSecret,
    apiBase: standIn.url,
  });
});

afterAll(async () => {
  await standIn.close();
});

const lamp = { name: "Obsidian Desk Lamp", unitAmountCents: 12_900, quantity: 1 };
const candles = {
  name: "Midnight Candle Set",
  unitAmountCents: 2_450,
  quantity: 3,
  imageUrl: "https://cdn.nocturn.test/images/candles-640.webp",
};

/** An order as checkout would hand it over: lines, flat shipping and a discount that add up. */
function checkoutInput(
  lines: CreateCheckoutSessionInput["lineItems"],
  discountCents = 0,
  overrides: Partial<CreateCheckoutSessionInput> = {},
): CreateCheckoutSessionInput {
  const subtotal = subtotalCents(
    lines.map((line) => ({ priceCents: line.unitAmountCents, quantity: line.quantity })),
  );
  const orderId = randomUUID();
  return {
    orderId,
    orderNumber: `NOC-${orderId.slice(0, 6).toUpperCase()}`,
    lineItems: lines,
    shipping: { label: SHIPPING_METHOD, amountCents: SHIPPING_CENTS },
    discount: discountCents > 0 ? { label: "Coupon NIGHT10", amountCents: discountCents } : null,
    totalCents: subtotal + SHIPPING_CENTS - discountCents,
    currency: "usd",
    customerEmail: "ada@example.com",
    successUrl: "http://localhost:3999/checkout-success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3999/cart",
    expiresAt: new Date(Date.now() + 31 * 60 * 1000),
    idempotencyKey: `checkout-${orderId}-1`,
    ...overrides,
  };
}

function requestsTo(method: string, path: string) {
  return standIn.requests.filter((request) => request.method === method && request.path === path);
}

/** The session-create request that used this idempotency key. */
function sessionRequest(idempotencyKey: string) {
  const matching = requestsTo("POST", "/v1/checkout/sessions").filter(
    (request) => request.headers["idempotency-key"] === idempotencyKey,
  );
  expect(matching).toHaveLength(1);
  return matching[0]!;
}

async function paidSession(card?: { brand: string; last4: string }) {
  const input = checkoutInput([lamp, candles], 1_000);
  const { id } = await stripe.createCheckoutSession(input);
  standIn.completeSession(id, card);
  return { id, input };
}

describe("the Stripe provider", () => {
  it("is Stripe, in test mode only with a test key", () => {
    expect(stripe.id).toBe("stripe");
    expect(stripe.isTestMode).toBe(true);
    const options = { webhookSecret: "whsec_x", apiBase: standIn.url };
    expect(createStripeProvider({ ...options, secretKey: "rk_test_abc" }).isTestMode).toBe(true);
    expect(createStripeProvider({ ...options, secretKey: "sk_live_abc" }).isTestMode).toBe(false);
    expect(createStripeProvider({ ...options, secretKey: "rk_live_abc" }).isTestMode).toBe(false);
  });

  it("refuses an API base with a path, which the SDK would silently drop", () => {
    expect(() =>
      createStripeProvider({
        secretKey: "sk_test_x",
        webhookSecret: "whsec_x",
        apiBase: "http://127.0.0.1:1/api",
      }),
    ).toThrow(/must not have a path/);
  });
});

describe("createCheckoutSession", () => {
  it("sends itemised lines, shipping, a one-off coupon, the URLs, metadata and the idempotency key", async () => {
    const input = checkoutInput([lamp, candles], 1_000);
    const session = await stripe.createCheckoutSession(input);

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);

    const [couponRequest] = requestsTo("POST", "/v1/coupons").filter(
      (request) => request.headers["idempotency-key"] === `${input.idempotencyKey}-coupon`,
    );
    expect(couponRequest?.body).toMatchObject({
      amount_off: "1000",
      currency: "usd",
      duration: "once",
      max_redemptions: "1",
      name: "Coupon NIGHT10",
      metadata: { order_id: input.orderId, order_number: input.orderNumber },
    });

    const request = sessionRequest(input.idempotencyKey);
    expect(request.headers.authorization).toBe("Bearer sk_test_nocturn");
    // the SDK pins the API version it was built for
    expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    const stored = standIn.sessions.get(session.id)!;
    expect(request.body).toEqual({
      mode: "payment",
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "usd", unit_amount: "12900", product_data: { name: "Obsidian Desk Lamp" } },
        },
        {
          quantity: "3",
          price_data: {
            currency: "usd",
            unit_amount: "2450",
            product_data: { name: "Midnight Candle Set", images: [candles.imageUrl] },
          },
        },
      ],
      shipping_options: [
        {
          shipping_rate_data: {
            type: "fixed_amount",
            display_name: "Complementary Priority",
            fixed_amount: { amount: "999", currency: "usd" },
            delivery_estimate: {
              minimum: { unit: "business_day", value: "2" },
              maximum: { unit: "business_day", value: "4" },
            },
          },
        },
      ],
      discounts: [{ coupon: stored.discounts[0]!.coupon }],
      customer_email: "ada@example.com",
      client_reference_id: input.orderId,
      metadata: { order_id: input.orderId, order_number: input.orderNumber },
      payment_intent_data: { metadata: { order_id: input.orderId, order_number: input.orderNumber } },
      success_url: "http://localhost:3999/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3999/cart",
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
    });

    // 129.00 + 3 x 24.50 + 9.99 - 10.00
    expect(input.totalCents).toBe(20_249);
    expect(stored).toMatchObject({
      amount_subtotal: 20_250,
      amount_total: 20_249,
      total_details: { amount_discount: 1_000, amount_shipping: 999 },
      status: "open",
    });
  });

  const coupon = (terms: Partial<CouponTerms>): CouponTerms => ({
    discountType: "percentage",
    percentBasisPoints: null,
    amountOffCents: null,
    minimumOrderCents: 0,
    ...terms,
  });
  const carts: {
    cart: string;
    lines: CreateCheckoutSessionInput["lineItems"];
    coupon: CouponTerms | null;
  }[] = [
    { cart: "one item, no coupon", lines: [{ name: "Ink", unitAmountCents: 1, quantity: 1 }], coupon: null },
    {
      cart: "several lines and quantities",
      lines: [lamp, candles, { ...lamp, name: "Lamp shade", quantity: 4 }],
      coupon: null,
    },
    {
      cart: "a 12.5 % coupon that rounds",
      lines: [candles, { name: "Velvet throw", unitAmountCents: 3_333, quantity: 3 }],
      coupon: coupon({ percentBasisPoints: 1_250 }),
    },
    {
      cart: "a fixed coupon",
      lines: [lamp],
      coupon: coupon({ discountType: "fixed", amountOffCents: 2_500 }),
    },
    {
      cart: "a discount equal to the subtotal (only shipping is paid)",
      lines: [candles],
      coupon: coupon({ discountType: "fixed", amountOffCents: 50_000 }),
    },
    { cart: "a 100 % coupon", lines: [lamp, candles], coupon: coupon({ percentBasisPoints: 10_000 }) },
    {
      cart: "thirty lines (longer than qs's default array limit)",
      lines: Array.from({ length: 30 }, (_, index) => ({
        name: `Print ${index + 1}`,
        unitAmountCents: 1_000 + index,
        quantity: 1 + (index % 3),
      })),
      coupon: coupon({ percentBasisPoints: 333 }),
    },
  ];

  it.each(carts)("Stripe's amount_total is the order total: $cart", async ({ lines, coupon }) => {
    const subtotal = subtotalCents(
      lines.map((line) => ({ priceCents: line.unitAmountCents, quantity: line.quantity })),
    );
    const discount = coupon ? couponDiscountCents(coupon, subtotal) : 0;
    const input = checkoutInput(lines, discount);

    const { id } = await stripe.createCheckoutSession(input);

    const stored = standIn.sessions.get(id)!;
    expect(stored.amount_total).toBe(input.totalCents);
    expect(stored.total_details.amount_discount).toBe(discount);
    expect(stored.discounts).toHaveLength(discount > 0 ? 1 : 0);
    expect(sessionRequest(input.idempotencyKey).body.line_items).toHaveLength(lines.length);
  });

  it("creates one session and one coupon for a retried attempt with the same key", async () => {
    const input = checkoutInput([lamp], 500);
    const sessionsBefore = standIn.sessions.size;

    const first = await stripe.createCheckoutSession(input);
    const second = await stripe.createCheckoutSession(input);

    expect(second).toEqual(first);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
    const coupons = requestsTo("POST", "/v1/coupons").filter((request) =>
      String(request.headers["idempotency-key"]).startsWith(input.idempotencyKey),
    );
    expect(coupons).toHaveLength(2);
    expect(new Set(coupons.map((request) => request.headers["idempotency-key"]))).toEqual(
      new Set([`${input.idempotencyKey}-coupon`]),
    );
  });

  it("retries a server error with the same idempotency key and still creates one session", async () => {
    const input = checkoutInput([candles]);
    const sessionsBefore = standIn.sessions.size;
    standIn.failNextRequest({
      method: "POST",
      path: "/v1/checkout/sessions",
      status: 500,
      error: { type: "api_error", message: "Something went wrong on Stripe's end." },
    });

    const session = await stripe.createCheckoutSession(input);

    const attempts = requestsTo("POST", "/v1/checkout/sessions").filter(
      (request) => request.headers["idempotency-key"] === input.idempotencyKey,
    );
    expect(attempts).toHaveLength(2);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
    expect(standIn.sessions.get(session.id)?.amount_total).toBe(input.totalCents);
  });

  it("keeps expires_at inside Stripe's 30 minute minimum when asked for exactly 30 minutes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const input = checkoutInput([lamp], 0, { expiresAt: new Date(Date.now() + 30 * 60 * 1000) });

    const { id } = await stripe.createCheckoutSession(input);

    const expiresAt = standIn.sessions.get(id)!.expires_at;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60 + 30);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 31 * 60);
  });

  it("refuses, before calling Stripe, an order whose lines do not add up to its total", async () => {
    const requestsBefore = standIn.requests.length;
    const offByOne = checkoutInput([lamp, candles], 1_000);
    offByOne.totalCents += 1;
    await expect(stripe.createCheckoutSession(offByOne)).rejects.toThrow(/does not add up/);

    // Stripe applies a coupon to the items only, so a discount beyond them cannot come off shipping
    const discountOnShipping = checkoutInput([{ name: "Ink", unitAmountCents: 500, quantity: 1 }], 700);
    await expect(stripe.createCheckoutSession(discountOnShipping)).rejects.toThrow(/does not add up/);

    const fractional = checkoutInput([{ name: "Ink", unitAmountCents: 10.5, quantity: 2 }]);
    await expect(stripe.createCheckoutSession(fractional)).rejects.toThrow(/whole, non-negative cents/);

    expect(standIn.requests.length).toBe(requestsBefore);
  });

  it("turns a Stripe request error into a PaymentProviderError the shopper may read", async () => {
    standIn.failNextRequest({
      path: "/v1/checkout/sessions",
      status: 400,
      error: {
        type: "invalid_request_error",
        message: "Invalid email address: ada@example",
        param: "customer_email",
        code: "email_invalid",
      },
    });

    const error = await stripe.createCheckoutSession(checkoutInput([lamp])).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(PaymentProviderError);
    const providerError = error as PaymentProviderError;
    expect(providerError.userMessage).toBe("Invalid email address: ada@example");
    expect(providerError.message).toMatch(/create checkout session for order .*Invalid email address/);
    expect(providerError.cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it("shows a card error's message but keeps authentication and permission errors in the log", async () => {
    standIn.failNextRequest({
      path: "/v1/coupons",
      status: 402,
      error: { type: "card_error", message: "Your card was declined.", code: "card_declined" },
    });
    const cardError = await stripe
      .createCheckoutSession(checkoutInput([lamp], 100))
      .catch((err: unknown) => err);
    expect(cardError).toBeInstanceOf(PaymentProviderError);
    expect((cardError as PaymentProviderError).userMessage).toBe("Your card was declined.");

    standIn.failNextRequest({
      path: "/v1/checkout/sessions",
      status: 403,
      error: {
        type: "invalid_request_error",
        message: "The provided key does not have access to this resource.",
      },
    });
    const permissionError = await stripe
      .createCheckoutSession(checkoutInput([lamp]))
      .catch((err: unknown) => err);
    expect(permissionError).toBeInstanceOf(PaymentProviderError);
    expect((permissionError as PaymentProviderError).userMessage).toBeNull();
    expect((permissionError as PaymentProviderError).message).toMatch(/does not have access/);

    const wrongKey = createStripeProvider({
      secretKey: "pk_test_oops",
      webhookSecret: "whsec_x",
      apiBase: standIn.url,
    });
    const authError = await wrongKey
      .createCheckoutSession(checkoutInput([lamp]))
      .catch((err: unknown) => err);
    expect(authError).toBeInstanceOf(PaymentProviderError);
    expect((authError as PaymentProviderError).userMessage).toBeNull();
    expect((authError as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe("retrieveSession", () => {
  it("reads an open session: unpaid, with its hosted page", async () => {
    const input = checkoutInput([lamp]);
    const { id, url } = await stripe.createCheckoutSession(input);

    await expect(stripe.retrieveSession(id)).resolves.toEqual({
      id,
      orderId: input.orderId,
      status: "open",
      paymentStatus: "unpaid",
      amountTotalCents: input.totalCents,
      currency: "usd",
      customerEmail: "ada@example.com",
      card: null,
      url,
      providerData: null,
    });
  });

  it("reads a paid session with the card's brand and last 4 and the charge as provider data", async () => {
    const { id, input } = await paidSession({ brand: "mastercard", last4: "4444" });

    const state = await stripe.retrieveSession(id);

    expect(state).toMatchObject({
      id,
      orderId: input.orderId,
      status: "complete",
      paymentStatus: "paid",
      amountTotalCents: input.totalCents,
      customerEmail: "ada@example.com",
      card: { brand: "mastercard", last4: "4444" },
      url: null,
    });
    expect(state.providerData).toMatchObject({
      object: "charge",
      id: expect.stringMatching(/^ch_/),
      amount: input.totalCents,
      payment_intent: expect.stringMatching(/^pi_/),
      payment_method_details: { type: "card", card: { brand: "mastercard", last4: "4444" } },
    });
    const lastGet = requestsTo("GET", `/v1/checkout/sessions/${id}`).at(-1);
    expect(lastGet?.query).toEqual({ expand: ["payment_intent.latest_charge"] });
  });

  it("reads a session paid on the hosted page it returned, which sends the shopper to the success URL", async () => {
    const input = checkoutInput([candles]);
    const { id, url } = await stripe.createCheckoutSession(input);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay $83.49");
    const paid = await fetch(url, { method: "POST", redirect: "manual" });

    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3999/checkout-success?session_id=${id}`);
    await expect(stripe.retrieveSession(id)).resolves.toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      card: { brand: "visa", last4: "4242" },
    });
  });

  it("reads a session Stripe expired", async () => {
    const input = checkoutInput([candles]);
    const { id } = await stripe.createCheckoutSession(input);
    standIn.expireSession(id);

    await expect(stripe.retrieveSession(id)).resolves.toMatchObject({
      id,
      orderId: input.orderId,
      status: "expired",
      paymentStatus: "unpaid",
      card: null,
      url: null,
      providerData: null,
    });
  });

  it("reports an unknown session as a PaymentProviderError", async () => {
    const error = await stripe.retrieveSession("cs_test_missing").catch((err: unknown) => err);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).message).toMatch(/No such checkout.session: 'cs_test_missing'/);
  });
});

describe("expireSession", () => {
  it("closes an open session", async () => {
    const { id } = await stripe.createCheckoutSession(checkoutInput([lamp]));

    await stripe.expireSession(id);

    expect(standIn.sessions.get(id)?.status).toBe("expired");
    expect(requestsTo("POST", `/v1/checkout/sessions/${id}/expire`)).toHaveLength(1);
    await expect(stripe.retrieveSession(id)).resolves.toMatchObject({ status: "expired", url: null });
  });

  it("leaves a paid session alone and does not fail", async () => {
    const { id } = await paidSession();

    await expect(stripe.expireSession(id)).resolves.toBeUndefined();

    expect(standIn.sessions.get(id)).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(requestsTo("POST", `/v1/checkout/sessions/${id}/expire`)).toHaveLength(0);
  });

  it("is a no-op for a session that is already expired", async () => {
    const { id } = await stripe.createCheckoutSession(checkoutInput([lamp]));
    await stripe.expireSession(id);

    await expect(stripe.expireSession(id)).resolves.toBeUndefined();
    expect(requestsTo("POST", `/v1/checkout/sessions/${id}/expire`)).toHaveLength(1);
  });

  it("fails when Stripe refuses to expire a session that is still open", async () => {
    const { id } = await stripe.createCheckoutSession(checkoutInput([lamp]));
    standIn.failNextRequest({
      path: `/v1/checkout/sessions/${id}/expire`,
      status: 403,
      error: { type: "invalid_request_error", message: "This key cannot expire sessions." },
    });

    await expect(stripe.expireSession(id)).rejects.toBeInstanceOf(PaymentProviderError);
    expect(standIn.sessions.get(id)?.status).toBe("open");
  });
});

describe("refund", () => {
  it("refunds the session's payment intent in full, once, however often it is called with the key", async () => {
    const { id, input } = await paidSession();
    const paymentIntent = standIn.sessions.get(id)!.payment_intent;
    const idempotencyKey = `cancel-refund:${input.orderId}`;

    const first = await stripe.refund({ sessionId: id, reason: "order cancelled", idempotencyKey });
    const second = await stripe.refund({ sessionId: id, reason: "order cancelled", idempotencyKey });

    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amountCents: input.totalCents });
    expect(second).toEqual(first);
    const refunds = [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      id: first.id,
      amount: input.totalCents,
      metadata: { reason: "order cancelled", session_id: id, idempotency_key: idempotencyKey },
    });
    const requests = requestsTo("POST", "/v1/refunds").filter(
      (request) => request.body.payment_intent === paymentIntent,
    );
    expect(requests.map((request) => request.headers["idempotency-key"])).toEqual([
      idempotencyKey,
      idempotencyKey,
    ]);
    const state = await stripe.retrieveSession(id);
    expect(state.providerData).toMatchObject({ refunded: true, amount_refunded: input.totalCents });
  });

  it("returns the refund already made for a reused key with another reason", async () => {
    const { id } = await paidSession();
    const idempotencyKey = `refund-${id}`;

    const first = await stripe.refund({ sessionId: id, reason: "out of stock", idempotencyKey });
    const again = await stripe.refund({ sessionId: id, reason: "refunded by the admin", idempotencyKey });

    expect(again).toEqual(first);
    const paymentIntent = standIn.sessions.get(id)!.payment_intent;
    expect(
      [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent),
    ).toHaveLength(1);
  });

  it("finds its refund once Stripe has forgotten the key (after 24 hours)", async () => {
    const { id } = await paidSession();
    const idempotencyKey = `cancel-refund:${randomUUID()}`;
    const first = await stripe.refund({ sessionId: id, reason: "order cancelled", idempotencyKey });
    standIn.forgetIdempotencyKeys();

    await expect(
      stripe.refund({ sessionId: id, reason: "order cancelled", idempotencyKey }),
    ).resolves.toEqual(first);
    // a charge refunded under another key (or in the Dashboard) counts as refunded too
    await expect(
      stripe.refund({ sessionId: id, reason: "late payment", idempotencyKey: `late-${randomUUID()}` }),
    ).resolves.toEqual(first);
  });

  it("refuses to refund a session nobody paid", async () => {
    const { id } = await stripe.createCheckoutSession(checkoutInput([lamp]));
    const idempotencyKey = `refund-${id}`;
    await expect(stripe.refund({ sessionId: id, reason: "test", idempotencyKey })).rejects.toThrow(
      PaymentProviderError,
    );
    expect(
      requestsTo("POST", "/v1/refunds").filter(
        (request) => request.headers["idempotency-key"] === idempotencyKey,
      ),
    ).toHaveLength(0);
  });

  it("passes on Stripe's refusal with its readable message", async () => {
    const { id } = await paidSession();
    standIn.failNextRequest({
      method: "POST",
      path: "/v1/refunds",
      status: 400,
      error: { type: "invalid_request_error", message: "This charge is disputed and cannot be refunded." },
    });
    const refused = stripe.refund({ sessionId: id, reason: "test", idempotencyKey: `refund-${id}` });
    await expect(refused).rejects.toMatchObject({
      name: "PaymentProviderError",
      userMessage: "This charge is disputed and cannot be refunded.",
    });
  });
});

describe("verifyWebhook", () => {
  function completedEvent(sessionId: string) {
    return standIn.signedWebhook({
      type: "checkout.session.completed",
      data: { object: { ...standIn.sessions.get(sessionId) } },
    });
  }

  it("accepts a correctly signed event and names the session to re-read", async () => {
    const { id } = await paidSession();
    const { rawBody, signature } = completedEvent(id);

    const event = stripe.verifyWebhook({ rawBody, signature });

    expect(event).toEqual({ id: JSON.parse(rawBody).id, type: "checkout.session.completed", sessionId: id });
    expect(event.id).toMatch(/^evt_/);
  });

  it("gives no session for an event about another object", () => {
    const { rawBody, signature } = standIn.signedWebhook({
      type: "charge.refunded",
      data: { object: { id: "ch_123", object: "charge" } },
    });
    expect(stripe.verifyWebhook({ rawBody, signature })).toMatchObject({
      type: "charge.refunded",
      sessionId: null,
    });
  });

  it("refuses a missing signature, a wrong secret, a tampered body, an old timestamp and a non-event", async () => {
    const { id } = await paidSession();
    const { rawBody, signature } = completedEvent(id);

    expect(() => stripe.verifyWebhook({ rawBody, signature: null })).toThrow(PaymentWebhookError);
    expect(() => stripe.verifyWebhook({ rawBody, signature: "" })).toThrow(PaymentWebhookError);
    expect(() => stripe.verifyWebhook({ rawBody, signature: "t=1,v1=deadbeef" })).toThrow(
      PaymentWebhookError,
    );

    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: "whsec_someone_else",
    });
    expect(() => stripe.verifyWebhook({ rawBody, signature: otherSecret })).toThrow(PaymentWebhookError);

    const tampered = rawBody.replace('"payment_status":"paid"', '"payment_status":"unpaid"');
    expect(tampered).not.toBe(rawBody);
    expect(() => stripe.verifyWebhook({ rawBody: tampered, signature })).toThrow(PaymentWebhookError);

    // a recorded delivery replayed later than Stripe's 5 minute tolerance
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: rawBody,
      secret: standIn.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 10 * 60,
    });
    expect(() => stripe.verifyWebhook({ rawBody, signature: old })).toThrow(PaymentWebhookError);

    const notJson = "not json";
    const signedNotJson = Stripe.webhooks.generateTestHeaderString({
      payload: notJson,
      secret: standIn.webhookSecret,
    });
    expect(() => stripe.verifyWebhook({ rawBody: notJson, signature: signedNotJson })).toThrow(
      PaymentWebhookError,
    );

    const notAnEvent = JSON.stringify({ hello: "world" });
    const signedNotAnEvent = Stripe.webhooks.generateTestHeaderString({
      payload: notAnEvent,
      secret: standIn.webhookSecret,
    });
    expect(() => stripe.verifyWebhook({ rawBody: notAnEvent, signature: signedNotAnEvent })).toThrow(
      PaymentWebhookError,
    );
  });
});
