import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type qs from "qs";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponTerms } from "../../core/coupon";
import { SHIPPING_METHOD } from "../../core/delivery";
import { DEFAULT_MONEY } from "../../core/money";
import { priceOrder } from "../../core/pricing";
import { ONE_SIZE } from "../../core/product";
import type { TaxMode } from "../../core/tax";
import { type StripeStandIn, startStripeStandIn } from "../../tests/setup/stripe-stand-in";
import { createTestDatabase } from "../../tests/setup/test-database";
import { paymentLines } from "../checkout/payment-lines";
import type { DatabaseHandle } from "../db/client";
import { providerTaxRate } from "../db/schema";
import {
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  PaymentWebhookError,
} from "./payment-provider";
import { createProviderTaxRateStore } from "./provider-tax-rates";
import { createStripeProvider } from "./stripe-provider";

let standIn: StripeStandIn;
let database: DatabaseHandle;
let stripe: PaymentProvider;

/** A Stripe driver on the stand-in, keeping its Tax Rates in this file's database. */
function stripeProvider(secretKey = "sk_test_nocturn") {
  return createStripeProvider({
    secretKey,
    webhookSecret: standIn.webhookSecret,
    apiBase: standIn.url,
    taxRates: createProviderTaxRateStore({ db: database.db, provider: "stripe" }),
  });
}

beforeAll(async () => {
  standIn = await startStripeStandIn();
  database = await createTestDatabase();
  stripe = stripeProvider();
});

afterAll(async () => {
  await standIn.close();
  await database?.close();
});

interface CartLine {
  name: string;
  priceCents: number;
  quantity: number;
  image?: string;
}

const lamp: CartLine = { name: "Obsidian Desk Lamp", priceCents: 12_900, quantity: 1 };
const candles: CartLine = { name: "Midnight Candle Set", priceCents: 2_450, quantity: 3, image: "candles" };
const shade: CartLine = { name: "Lamp Shade", priceCents: 1_600, quantity: 2 };
const imageUrl = (imageId: string) => `https://cdn.nocturn.test/images/${imageId}-640.webp`;

const percentOff = (percentBasisPoints: number): CouponTerms => ({
  discountType: "percentage",
  percentBasisPoints,
  amountOffCents: null,
  minimumOrderCents: 0,
});
const amountOff = (amountOffCents: number): CouponTerms => ({
  discountType: "fixed",
  percentBasisPoints: null,
  amountOffCents,
  minimumOrderCents: 0,
});

/**
 * An order priced as the shipping step prices it (core/pricing.ts) and handed over as Pay hands it
 * (paymentLines): the session input and the order's totals. `mode: null` is an order placed before
 * the store charged VAT.
 */
function checkoutInput(
  cart: CartLine[],
  options: {
    coupon?: CouponTerms | null;
    mode?: TaxMode | null;
    country?: { code: string; rateBasisPoints: number };
    overrides?: Partial<CreateCheckoutSessionInput>;
  } = {},
) {
  const { coupon = null, mode = "inclusive" } = options;
  const country = options.country ?? { code: "DE", rateBasisPoints: 1900 };
  const tax = mode ? { mode, country: country.code, rateBasisPoints: country.rateBasisPoints } : null;
  const priced = priceOrder(cart, coupon, tax);
  const lines = paymentLines({
    order: {
      couponCode: coupon ? "NIGHT10" : null,
      discountCents: priced.discountCents,
      shippingMethod: SHIPPING_METHOD,
      shippingCents: priced.shippingCents,
      shippingTaxCents: priced.shipping.taxCents,
      taxCents: priced.taxCents,
      taxCountry: tax?.country ?? null,
      taxRateBasisPoints: tax?.rateBasisPoints ?? null,
      pricesIncludeTax: mode !== "exclusive",
      taxSummary: priced.taxSummary,
    },
    items: cart.map((line, index) => ({
      productName: line.name,
      size: ONE_SIZE,
      productImage: line.image ?? null,
      priceCents: line.priceCents,
      quantity: line.quantity,
      discountCents: priced.lines[index]!.discountCents,
      taxCents: priced.lines[index]!.taxCents,
    })),
    imageUrl,
    money: DEFAULT_MONEY,
  });
  const orderId = randomUUID();
  const input: CreateCheckoutSessionInput = {
    orderId,
    orderNumber: `NOC-${orderId.slice(0, 6).toUpperCase()}`,
    ...lines,
    totalCents: priced.totalCents,
    currency: "usd",
    customerEmail: "ada@example.com",
    successUrl: "http://localhost:3999/checkout-success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3999/cart",
    expiresAt: new Date(Date.now() + 31 * 60 * 1000),
    idempotencyKey: `checkout-${orderId}-1`,
    ...options.overrides,
  };
  return Object.assign(input, { priced });
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

/** The Tax Rates made at the stand-in for a country, and the rows keeping their ids. */
async function taxRatesOf(country: string) {
  const made = requestsTo("POST", "/v1/tax_rates").filter((request) => request.body.country === country);
  const rows = await database.db
    .select()
    .from(providerTaxRate)
    .where(and(eq(providerTaxRate.provider, "stripe"), eq(providerTaxRate.country, country)));
  return { made, rows };
}

async function paidSession(card?: { brand: string; last4: string }) {
  const input = checkoutInput([lamp, candles], { coupon: amountOff(1_000) });
  const { id } = await stripe.createCheckoutSession(input);
  standIn.completeSession(id, card);
  return { id, input };
}

describe("the Stripe provider", () => {
  it("is Stripe, in test mode only with a test key", () => {
    expect(stripe.id).toBe("stripe");
    expect(stripe.isTestMode).toBe(true);
    expect(stripeProvider("rk_test_abc").isTestMode).toBe(true);
    expect(stripeProvider("sk_live_abc").isTestMode).toBe(false);
    expect(stripeProvider("rk_live_abc").isTestMode).toBe(false);
  });

  it("refuses an API base with a path, which the SDK would silently drop", () => {
    expect(() =>
      createStripeProvider({
        secretKey: "sk_test_x",
        webhookSecret: "whsec_x",
        apiBase: "http://127.0.0.1:1/api",
        taxRates: createProviderTaxRateStore({ db: database.db, provider: "stripe" }),
      }),
    ).toThrow(/must not have a path/);
  });
});

describe("createCheckoutSession", () => {
  it("sends the lines after the coupon, shipping as a line, the VAT as a Tax Rate on every line, the URLs, metadata and key", async () => {
    const input = checkoutInput([lamp, candles, shade], { coupon: percentOff(1_250) });
    // 12.5 % of 234.50, spread over the lines: 16.12, 9.19 (not a whole cent per candle) and 4.00
    expect(input.priced).toMatchObject({ discountCents: 2_931, taxCents: 3_436, totalCents: 21_518 });

    const session = await stripe.createCheckoutSession(input);

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    const [rateRequest] = requestsTo("POST", "/v1/tax_rates").filter(
      (request) => request.body.country === "DE" && request.body.inclusive === "true",
    );
    expect(rateRequest?.body).toEqual({
      display_name: "VAT",
      percentage: "19",
      inclusive: "true",
      country: "DE",
      jurisdiction: "Germany",
      tax_type: "vat",
      description: "VAT 19% (Germany), inclusive (Nocturn)",
    });
    expect(rateRequest?.headers["idempotency-key"]).toBe("tax-rate-DE-1900-inclusive");
    const [rate] = [...standIn.taxRates.values()].filter((made) => made.country === "DE" && made.inclusive);
    expect(requestsTo("POST", "/v1/coupons")).toHaveLength(0);

    const request = sessionRequest(input.idempotencyKey);
    expect(request.headers.authorization).toBe("Bearer sk_test_nocturn");
    // the SDK pins the API version it was built for
    expect(request.headers["stripe-version"]).toBe(Stripe.API_VERSION);
    const line = (
      quantity: number,
      unitAmount: number,
      product: { name: string; description?: string; images?: string[] },
    ) => ({
      quantity: String(quantity),
      price_data: {
        currency: "usd",
        unit_amount: String(unitAmount),
        tax_behavior: "inclusive",
        product_data: product,
      },
      tax_rates: [rate!.id],
    });
    expect(request.body).toEqual({
      mode: "payment",
      line_items: [
        line(1, 11_288, { name: "Obsidian Desk Lamp", description: "Coupon NIGHT10: −$16.12" }),
        line(1, 6_431, {
          name: "Midnight Candle Set × 3",
          description: "Coupon NIGHT10: −$9.19",
          images: [imageUrl("candles")],
        }),
        line(2, 1_400, { name: "Lamp Shade", description: "Coupon NIGHT10: −$4.00" }),
        line(1, 999, { name: "Shipping: Complementary Priority", description: "2-4 business days" }),
      ],
      customer_email: "ada@example.com",
      client_reference_id: input.orderId,
      metadata: { order_id: input.orderId, order_number: input.orderNumber },
      payment_intent_data: { metadata: { order_id: input.orderId, order_number: input.orderNumber } },
      success_url: "http://localhost:3999/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3999/cart",
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
    });

    expect(standIn.sessions.get(session.id)).toMatchObject({
      amount_subtotal: 21_518,
      amount_total: 21_518,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 3_436 },
      status: "open",
    });
  });

  it("adds the VAT on top in exclusive mode, with exclusive prices and an exclusive Tax Rate", async () => {
    const input = checkoutInput([lamp, candles, shade], { coupon: percentOff(1_250), mode: "exclusive" });
    expect(input.priced).toMatchObject({ taxCents: 4_089, totalCents: 25_607 });

    const { id } = await stripe.createCheckoutSession(input);

    const lines = sessionRequest(input.idempotencyKey).body.line_items as Record<string, unknown>[];
    const rate = [...standIn.taxRates.values()].find((made) => made.country === "DE" && !made.inclusive);
    expect(rate).toMatchObject({
      display_name: "VAT",
      percentage: 19,
      inclusive: false,
      jurisdiction: "Germany",
    });
    for (const line of lines) {
      expect(line).toMatchObject({ price_data: { tax_behavior: "exclusive" }, tax_rates: [rate!.id] });
    }
    expect(lines.map((line) => (line.price_data as { unit_amount: string }).unit_amount)).toEqual([
      "11288",
      "6431",
      "1400",
      "999",
    ]);
    // 11288 + 6431 + 2 x 1400 + 999 = 21518, and 40.89 of VAT on top
    expect(standIn.sessions.get(id)).toMatchObject({
      amount_subtotal: 21_518,
      amount_total: 25_607,
      total_details: { amount_tax: 4_089 },
    });
  });

  it("reports the VAT per rate in the breakdown Stripe gives when asked for it", async () => {
    const input = checkoutInput([lamp, candles, shade], { coupon: percentOff(1_250) });
    const { id } = await stripe.createCheckoutSession(input);

    const sdk = new Stripe("sk_test_nocturn", {
      host: "127.0.0.1",
      port: Number(new URL(standIn.url).port),
      protocol: "http",
    });
    const session = await sdk.checkout.sessions.retrieve(id, { expand: ["total_details.breakdown"] });

    // each line's VAT, half-up: 18.02 + 10.27 + 4.47 + shipping 1.60
    expect(session.total_details?.breakdown?.taxes).toEqual([
      expect.objectContaining({
        amount: 3_436,
        taxable_amount: 21_518 - 3_436,
        rate: expect.objectContaining({ percentage: 19, inclusive: true, country: "DE" }),
      }),
    ]);
  });

  const carts: { cart: string; lines: CartLine[]; coupon: CouponTerms | null }[] = [
    { cart: "one item, no coupon", lines: [{ name: "Ink", priceCents: 1, quantity: 1 }], coupon: null },
    { cart: "several lines and quantities", lines: [lamp, candles, { ...shade, quantity: 4 }], coupon: null },
    {
      cart: "a 12.5 % coupon that rounds",
      lines: [candles, { name: "Velvet throw", priceCents: 3_333, quantity: 3 }],
      coupon: percentOff(1_250),
    },
    { cart: "a fixed coupon", lines: [lamp, candles], coupon: amountOff(2_500) },
    {
      cart: "a discount equal to the subtotal (only shipping is paid)",
      lines: [candles],
      coupon: amountOff(50_000),
    },
    { cart: "a 100 % coupon", lines: [lamp, candles], coupon: percentOff(10_000) },
    {
      cart: "thirty lines (longer than qs's default array limit)",
      lines: Array.from({ length: 30 }, (_, index) => ({
        name: `Print ${index + 1}`,
        priceCents: 1_000 + index,
        quantity: 1 + (index % 3),
      })),
      coupon: percentOff(333),
    },
  ];
  const countries = [
    { code: "DE", rateBasisPoints: 1900 },
    { code: "FI", rateBasisPoints: 2550 },
  ];
  const cases = carts.flatMap((cart) =>
    countries.flatMap((country) =>
      (["inclusive", "exclusive"] as const).map((mode) => ({ ...cart, country, mode })),
    ),
  );

  it.each(cases)("Stripe charges the order's total and VAT to the cent: $cart, $country.code, $mode", async ({
    lines,
    coupon,
    country,
    mode,
  }) => {
    const input = checkoutInput(lines, { coupon, mode, country });

    const { id } = await stripe.createCheckoutSession(input);

    const stored = standIn.sessions.get(id)!;
    expect(stored.amount_total).toBe(input.priced.totalCents);
    expect(stored.total_details.amount_tax).toBe(input.priced.taxCents);
    expect(sessionRequest(input.idempotencyKey).body.line_items).toHaveLength(lines.length + 1);
  });

  it("sends no VAT for an order placed before the store charged it", async () => {
    const input = checkoutInput([lamp, candles], { coupon: amountOff(1_000), mode: null });

    const { id } = await stripe.createCheckoutSession(input);

    for (const line of sessionRequest(input.idempotencyKey).body.line_items as Record<string, unknown>[]) {
      expect(line).not.toHaveProperty("tax_rates");
      expect(line.price_data).not.toHaveProperty("tax_behavior");
    }
    // 129.00 + 3 x 24.50 + 9.99 - 10.00
    expect(standIn.sessions.get(id)).toMatchObject({
      amount_total: 20_249,
      total_details: { amount_tax: 0 },
    });
  });

  it("makes a Tax Rate once per country, rate and mode, reused by later sessions and another driver", async () => {
    const france = { code: "FR", rateBasisPoints: 2000 };
    const first = checkoutInput([lamp], { country: france });
    const second = checkoutInput([candles], { country: france, coupon: percentOff(1_000) });

    await stripe.createCheckoutSession(first);
    await stripe.createCheckoutSession(second);
    // a second process (or a restart) reads the same table
    await stripeProvider().createCheckoutSession(checkoutInput([shade], { country: france }));

    const { made, rows } = await taxRatesOf("FR");
    expect(made).toHaveLength(1);
    expect(rows).toEqual([
      expect.objectContaining({
        rateBasisPoints: 2000,
        inclusive: true,
        providerRateId: expect.stringMatching(/^txr_/),
      }),
    ]);
    const sent = [first, second].map(
      (input) =>
        (sessionRequest(input.idempotencyKey).body.line_items as { tax_rates: string[] }[])[0]?.tax_rates,
    );
    expect(sent).toEqual([[rows[0]!.providerRateId], [rows[0]!.providerRateId]]);

    // the same country in the other mode is another rate at Stripe
    await stripe.createCheckoutSession(checkoutInput([lamp], { country: france, mode: "exclusive" }));
    expect((await taxRatesOf("FR")).rows.map((row) => row.inclusive).sort()).toEqual([false, true]);
  });

  it("keeps one row and one Tax Rate when two first checkouts of a rate run at once", async () => {
    const austria = { code: "AT", rateBasisPoints: 2000 };
    const inputs = [
      checkoutInput([lamp], { country: austria }),
      checkoutInput([candles], { country: austria }),
    ];

    await Promise.all(
      [stripeProvider(), stripeProvider()].map((driver, index) =>
        driver.createCheckoutSession(inputs[index]!),
      ),
    );

    const { rows } = await taxRatesOf("AT");
    expect(rows).toHaveLength(1);
    expect([...standIn.taxRates.values()].filter((rate) => rate.country === "AT")).toHaveLength(1);
    for (const input of inputs) {
      expect(sessionRequest(input.idempotencyKey).body.line_items).toContainEqual(
        expect.objectContaining({ tax_rates: [rows[0]!.providerRateId] }),
      );
    }
  });

  it("creates one session for a retried attempt with the same key", async () => {
    const input = checkoutInput([lamp], { coupon: amountOff(500) });
    const sessionsBefore = standIn.sessions.size;

    const first = await stripe.createCheckoutSession(input);
    const second = await stripe.createCheckoutSession(input);

    expect(second).toEqual(first);
    expect(standIn.sessions.size).toBe(sessionsBefore + 1);
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
    const input = checkoutInput([lamp], { overrides: { expiresAt: new Date(Date.now() + 30 * 60 * 1000) } });

    const { id } = await stripe.createCheckoutSession(input);

    const expiresAt = standIn.sessions.get(id)!.expires_at;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60 + 30);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 31 * 60);
  });

  it("refuses, before calling Stripe, an order whose lines or VAT do not add up", async () => {
    const requestsBefore = standIn.requests.length;
    const valid = () => checkoutInput([lamp, candles], { coupon: amountOff(1_000) });

    const offByOne = valid();
    offByOne.totalCents += 1;
    await expect(stripe.createCheckoutSession(offByOne)).rejects.toThrow(/does not add up/);

    // exclusive: the total must hold the VAT on top
    const exclusive = checkoutInput([lamp], { mode: "exclusive" });
    exclusive.totalCents -= exclusive.priced.taxCents;
    await expect(stripe.createCheckoutSession(exclusive)).rejects.toThrow(/does not add up/);

    const lineVat = valid();
    lineVat.lineItems[0]!.taxCents += 1;
    await expect(stripe.createCheckoutSession(lineVat)).rejects.toThrow(
      /VAT does not add up: "Obsidian Desk Lamp"/,
    );

    const shippingVat = valid();
    shippingVat.shipping.taxCents = 0;
    await expect(stripe.createCheckoutSession(shippingVat)).rejects.toThrow(/VAT does not add up: "Shipping/);

    const orderVat = valid();
    orderVat.tax!.amountCents += 1;
    await expect(stripe.createCheckoutSession(orderVat)).rejects.toThrow(/VAT does not add up: the parts/);

    const fractional = checkoutInput([{ name: "Ink", priceCents: 500, quantity: 2 }], { mode: null });
    fractional.lineItems[0]!.unitAmountCents = 500.5;
    fractional.totalCents += 1;
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

  it("fails without a session when Stripe will not make the Tax Rate, and leaves nothing kept", async () => {
    const sweden = { code: "SE", rateBasisPoints: 2500 };
    standIn.failNextRequest({
      path: "/v1/tax_rates",
      status: 403,
      error: { type: "invalid_request_error", message: "This key cannot create tax rates." },
    });
    const input = checkoutInput([lamp], { country: sweden });

    const error = await stripe.createCheckoutSession(input).catch((err: unknown) => err);

    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).message).toMatch(/create tax rate VAT 25% \(Sweden\)/);
    expect(
      requestsTo("POST", "/v1/checkout/sessions").filter(
        (request) => request.headers["idempotency-key"] === input.idempotencyKey,
      ),
    ).toHaveLength(0);
    expect((await taxRatesOf("SE")).rows).toHaveLength(0);
  });

  it("shows a card error's message but keeps authentication and permission errors in the log", async () => {
    standIn.failNextRequest({
      path: "/v1/checkout/sessions",
      status: 402,
      error: { type: "card_error", message: "Your card was declined.", code: "card_declined" },
    });
    const cardError = await stripe
      .createCheckoutSession(checkoutInput([lamp], { coupon: amountOff(100) }))
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

    const authError = await stripeProvider("pk_test_oops")
      .createCheckoutSession(checkoutInput([lamp], { mode: null }))
      .catch((err: unknown) => err);
    expect(authError).toBeInstanceOf(PaymentProviderError);
    expect((authError as PaymentProviderError).userMessage).toBeNull();
    expect((authError as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe("the stand-in's manual tax rates", () => {
  const sdk = () =>
    new Stripe("sk_test_nocturn", {
      host: "127.0.0.1",
      port: Number(new URL(standIn.url).port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
  const session = (taxRate: string, taxBehavior: "inclusive" | "exclusive") =>
    sdk().checkout.sessions.create({
      mode: "payment",
      success_url: "http://localhost:3999/done",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: 1_000,
            tax_behavior: taxBehavior,
            product_data: { name: "Ink" },
          },
          tax_rates: [taxRate],
        },
      ],
    });

  it("refuses a Tax Rate without its required fields or out of range, as Stripe does", async () => {
    await expect(
      sdk().taxRates.create({ display_name: "VAT", percentage: 19 } as Stripe.TaxRateCreateParams),
    ).rejects.toThrow("Missing required param: inclusive.");
    await expect(
      sdk().taxRates.create({ display_name: "VAT", percentage: 101, inclusive: true }),
    ).rejects.toMatchObject({
      param: "percentage",
    });
    const made = await sdk().taxRates.create({
      display_name: "VAT",
      percentage: 25.5,
      inclusive: false,
      country: "FI",
    });
    await expect(sdk().taxRates.retrieve(made.id)).resolves.toMatchObject({
      percentage: 25.5,
      inclusive: false,
      active: true,
    });
    expect((await sdk().taxRates.list({ active: true })).data.map((rate) => rate.id)).toContain(made.id);
  });

  it("refuses a price whose tax_behavior conflicts with its rate, and an archived rate", async () => {
    const inclusive = await sdk().taxRates.create({ display_name: "VAT", percentage: 19, inclusive: true });

    await expect(session(inclusive.id, "exclusive")).rejects.toThrow(/conflicts with the tax rates/);
    await expect(session("txr_missing", "inclusive")).rejects.toMatchObject({ code: "resource_missing" });
    await expect(session(inclusive.id, "inclusive")).resolves.toMatchObject({
      amount_total: 1_000,
      // 10.00 x 19 / 119 = 1.596..., half up
      total_details: { amount_tax: 160 },
    });
    standIn.taxRates.get(inclusive.id)!.active = false;
    await expect(session(inclusive.id, "inclusive")).rejects.toThrow(/archived/);
  });
});

describe("the payment methods a session offers", () => {
  it("names no payment method list, so the methods enabled in the Dashboard appear, in the order's currency", async () => {
    const input = checkoutInput([lamp], { overrides: { currency: "eur" } });
    const { id } = await stripe.createCheckoutSession(input);

    const [created] = requestsTo("POST", "/v1/checkout/sessions").filter(
      (request) => request.body.client_reference_id === input.orderId,
    );
    expect(created?.body).not.toHaveProperty("payment_method_types");
    expect(created?.body).not.toHaveProperty("payment_method_configuration");
    const lines = created?.body.line_items as qs.ParsedQs[];
    expect(lines.map((line) => (line.price_data as qs.ParsedQs).currency)).toEqual(["eur", "eur"]);
    expect(standIn.sessions.get(id)?.currency).toBe("eur");
  });
});

describe("a delayed payment method (SEPA Direct Debit)", () => {
  async function debitedSession() {
    const input = checkoutInput([lamp], { overrides: { currency: "eur" } });
    const { id } = await stripe.createCheckoutSession(input);
    standIn.completeSessionByDebit(id, "3000");
    return { id, input };
  }

  it("reads a session completed by debit as processing, naming the debit and the IBAN's last 4", async () => {
    const { id } = await debitedSession();

    expect(await stripe.retrieveSession(id)).toMatchObject({
      status: "complete",
      paymentStatus: "processing",
      currency: "eur",
      card: null,
      paymentMethod: { type: "sepa_debit", label: "SEPA Direct Debit •••• 3000" },
    });
  });

  it("reads it paid once the bank settles it, and failed when the bank refuses it", async () => {
    const settled = await debitedSession();
    standIn.answerDebit(settled.id, "succeeded");
    expect(await stripe.retrieveSession(settled.id)).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      paymentMethod: { label: "SEPA Direct Debit •••• 3000" },
    });

    const refused = await debitedSession();
    standIn.answerDebit(refused.id, "failed");
    expect(await stripe.retrieveSession(refused.id)).toMatchObject({
      status: "complete",
      paymentStatus: "failed",
    });
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
      amountTaxCents: input.priced.taxCents,
      currency: "usd",
      customerEmail: "ada@example.com",
      card: null,
      paymentMethod: null,
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
      paymentMethod: { type: "card", label: "Mastercard •••• 4444" },
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
