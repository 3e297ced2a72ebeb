import Stripe from "stripe";
import { type PaymentMethodUsed, paymentMethodLabel } from "../../core/payment-method";
import { type TaxMode, vatLabel } from "../../core/tax";
import {
  type CheckoutTax,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSessionState,
  PaymentWebhookError,
  type PaymentWebhookEvent,
} from "./payment-provider";
import type { ProviderTaxRateStore } from "./provider-tax-rates";
import { assertAddsUpToTotal } from "./session-amounts";

/** Stripe refuses an expires_at less than 30 minutes after the session is created, or more than 24 hours. */
const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Room for clock skew and request latency at both ends of that window. */
const EXPIRY_MARGIN_SECONDS = 30;
/** Stripe limits a metadata value to 500 characters. */
const METADATA_VALUE_MAX = 500;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server (tests): e.g. http://127.0.0.1:4567. Unset = api.stripe.com. */
  apiBase?: string;
  /** Where the ids of the Tax Rates this driver made at Stripe are kept. */
  taxRates: ProviderTaxRateStore;
}

/**
 * Stripe Checkout (docs/ARCHITECTURE.md#payment-providers), server side only. The session carries
 * the order's lines after the coupon and shipping as a line of its own, each with the order's VAT
 * as a manual Tax Rate, so what Stripe charges is exactly the order's total and its VAT exactly the
 * order's. Stripe does neither the discount nor shipping: Checkout cannot put a manual rate on a
 * shipping option, and it spreads a coupon over the lines with rounding of its own. The session (not
 * a webhook body) is the truth about a payment.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, webhookSecret } = options;
  const stripe = new Stripe(secretKey, {
    ...(options.apiBase ? apiBaseToConfig(options.apiBase) : {}),
    // a checkout must not hang for the SDK's default 80 s; retries are safe with idempotency keys
    timeout: 30_000,
    maxNetworkRetries: 2,
    appInfo: { name: "Nocturn" },
  });

  async function loadSession(sessionId: string, expand: string[] = []) {
    return call(`retrieve checkout session ${sessionId}`, () =>
      stripe.checkout.sessions.retrieve(sessionId, expand.length > 0 ? { expand } : {}),
    );
  }

  /**
   * The refund an earlier call made: the one carrying this idempotency key, or else (the charge was
   * refunded some other way, e.g. in the Dashboard) all the payment's refunds taken together.
   */
  async function findRefund(paymentIntentId: string, idempotencyKey: string, whole: boolean) {
    const list = await call(`list refunds of ${paymentIntentId}`, () =>
      stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }),
    );
    const given = list.data.filter((refund) => refund.status !== "failed" && refund.status !== "canceled");
    const ours = given.find((refund) => refund.metadata?.idempotency_key === idempotencyKey);
    if (ours) return { id: ours.id, amountCents: ours.amount };
    // a partial refund is only ever its own; another refund of the payment is not it
    if (!whole) return null;
    const [newest] = given;
    if (!newest) return null;
    return { id: newest.id, amountCents: given.reduce((sum, refund) => sum + refund.amount, 0) };
  }

  /**
   * The Stripe Tax Rate for the session's VAT: made the first time a (country, rate, inclusive)
   * is sold and kept in the store, never one per order. Its idempotency key is the rate itself, so
   * two first checkouts at once (or a retry) get one Tax Rate from Stripe as well as one row.
   */
  async function taxRateId(tax: CheckoutTax): Promise<string> {
    const key = {
      country: tax.country,
      rateBasisPoints: tax.rateBasisPoints,
      inclusive: tax.behavior === "inclusive",
    };
    const known = await options.taxRates.find(key);
    if (known) return known;
    const created = await call(`create tax rate ${vatLabel(tax.rateBasisPoints, tax.countryName)}`, () =>
      stripe.taxRates.create(
        {
          display_name: "VAT",
          percentage: tax.rateBasisPoints / 100,
          inclusive: key.inclusive,
          country: tax.country,
          jurisdiction: tax.countryName,
          tax_type: "vat",
          description: `${vatLabel(tax.rateBasisPoints, tax.countryName)}, ${tax.behavior} (Nocturn)`,
        },
        { idempotencyKey: `tax-rate-${tax.country}-${tax.rateBasisPoints}-${tax.behavior}` },
      ),
    );
    return options.taxRates.keep(key, created.id);
  }

  return {
    id: "stripe",
    isTestMode: secretKey.startsWith("sk_test_") || secretKey.startsWith("rk_test_"),

    async createCheckoutSession(input) {
      assertAddsUpToTotal(input);
      const metadata = { order_id: input.orderId, order_number: input.orderNumber };
      const tax = input.tax ? { behavior: input.tax.behavior, rateId: await taxRateId(input.tax) } : null;
      const lines = [
        ...input.lineItems,
        {
          ...input.shipping,
          name: input.shipping.label,
          unitAmountCents: input.shipping.amountCents,
          quantity: 1,
        },
      ];

      const session = await call(`create checkout session for order ${input.orderId}`, () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: lines.map((line) => stripeLineItem(line, input.currency, tax)),
            customer_email: input.customerEmail,
            client_reference_id: input.orderId,
            metadata,
            payment_intent_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: stripeExpiresAt(input.expiresAt),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentProviderError(`Stripe session ${session.id} has no URL`, null);
      return { id: session.id, url: session.url };
    },

    async retrieveSession(sessionId) {
      return toSessionState(await loadSession(sessionId, ["payment_intent.latest_charge"]));
    },

    async expireSession(sessionId) {
      const session = await loadSession(sessionId);
      if (session.status !== "open") return;
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // it may have been paid or expired between the two calls: that is the state we wanted
        const now = await loadSession(sessionId);
        if (now.status !== "open") return;
        throw toProviderError(`expire checkout session ${sessionId}`, err);
      }
    },

    async refund({ sessionId, reason, idempotencyKey, amountCents }) {
      const session = await loadSession(sessionId);
      const paymentIntent = session.payment_intent;
      const paymentIntentId = typeof paymentIntent === "string" ? paymentIntent : paymentIntent?.id;
      if (!paymentIntentId) {
        throw new PaymentProviderError(
          `Stripe session ${sessionId} has no payment to refund`,
          "the payment has no charge to refund",
        );
      }
      try {
        const created = await stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            // a return gives back part of the payment; without an amount Stripe refunds what is left
            ...(amountCents === undefined ? {} : { amount: amountCents }),
            metadata: {
              reason: reason.slice(0, METADATA_VALUE_MAX),
              session_id: sessionId,
              // lets a repeat find this refund once Stripe has forgotten the key (24 hours)
              idempotency_key: idempotencyKey.slice(0, METADATA_VALUE_MAX),
            },
          },
          // the caller's key: a retried or repeated refund returns this one instead of making another
          { idempotencyKey },
        );
        return { id: created.id, amountCents: created.amount };
      } catch (err) {
        // Stripe forgets an idempotency key after 24 hours, and refuses a reused key whose
        // parameters differ (another reason): either way, a refund already made is the outcome wanted
        if (
          err instanceof Stripe.errors.StripeError &&
          (err.code === "charge_already_refunded" || err.type === "StripeIdempotencyError")
        ) {
          const earlier = await findRefund(paymentIntentId, idempotencyKey, amountCents === undefined);
          if (earlier) return earlier;
        }
        throw toProviderError(`refund checkout session ${sessionId} (${paymentIntentId})`, err);
      }
    },

    verifyWebhook({ rawBody, signature }): PaymentWebhookEvent {
      if (!signature) throw new PaymentWebhookError("Stripe webhook without a Stripe-Signature header");
      let event: Stripe.Event;
      try {
        // checks the HMAC over the exact bytes received and the timestamp (5 minutes) against replays
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw new PaymentWebhookError(`Stripe webhook refused: ${errorMessage(err)}`, { cause: err });
      }
      if (typeof event?.id !== "string" || typeof event.type !== "string") {
        throw new PaymentWebhookError("Stripe webhook payload is not an event");
      }
      const object = (event.data as { object?: { object?: unknown; id?: unknown } } | undefined)?.object;
      const sessionId =
        object?.object === "checkout.session" && typeof object.id === "string" ? object.id : null;
      return { id: event.id, type: event.type, sessionId };
    },
  };
}

/** `http://127.0.0.1:4567` → the SDK's host/port/protocol options. */
function apiBaseToConfig(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`STRIPE_API_BASE must be an http(s) URL, got ${apiBase}`);
  }
  if (url.pathname !== "/" && url.pathname !== "") {
    throw new Error(`STRIPE_API_BASE must not have a path (the SDK adds /v1/...), got ${apiBase}`);
  }
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

/** One line of the session: a product after its discount, or shipping. */
function stripeLineItem(
  line: { name: string; description?: string; imageUrl?: string; unitAmountCents: number; quantity: number },
  currency: string,
  tax: { behavior: TaxMode; rateId: string } | null,
): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    quantity: line.quantity,
    price_data: {
      currency,
      unit_amount: line.unitAmountCents,
      // Stripe refuses a price whose tax_behavior differs from its rate's inclusive flag
      ...(tax ? { tax_behavior: tax.behavior } : {}),
      product_data: {
        name: line.name,
        ...(line.description ? { description: line.description } : {}),
        ...(line.imageUrl ? { images: [line.imageUrl] } : {}),
      },
    },
    ...(tax ? { tax_rates: [tax.rateId] } : {}),
  };
}

/**
 * Unix seconds for expires_at, kept inside the window Stripe accepts (measured by Stripe's clock
 * when the request arrives). A caller asking for exactly 30 minutes would otherwise be refused
 * after a few milliseconds of latency; the clamp then makes the session outlive the wish by
 * seconds, which the reservation's grace period covers.
 */
function stripeExpiresAt(expiresAt: Date, now = Date.now()): number {
  const nowSeconds = Math.floor(now / 1000);
  // rounded down: within the window, the session closes no later than asked
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  const earliest = nowSeconds + MIN_SESSION_SECONDS + EXPIRY_MARGIN_SECONDS;
  const latest = nowSeconds + MAX_SESSION_SECONDS - EXPIRY_MARGIN_SECONDS;
  return Math.min(Math.max(wanted, earliest), latest);
}

/** The charge of a session retrieved with payment_intent.latest_charge expanded; null before payment. */
function latestCharge(session: Stripe.Checkout.Session): Stripe.Charge | null {
  const paymentIntent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const charge = paymentIntent?.latest_charge;
  return charge && typeof charge === "object" ? charge : null;
}

function toSessionState(session: Stripe.Checkout.Session): PaymentSessionState {
  const charge = latestCharge(session);
  const card = charge?.payment_method_details?.card;
  // a value this SDK does not know yet is read the cautious way: not paid, not closed
  const status = oneOf(session.status, ["complete", "expired"] as const) ?? "open";
  return {
    id: session.id,
    orderId: session.metadata?.order_id ?? null,
    status,
    paymentStatus: paymentStatusOf(session, status),
    amountTotalCents: session.amount_total ?? 0,
    amountTaxCents: session.total_details?.amount_tax ?? null,
    currency: session.currency ?? "usd",
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
    paymentMethod: methodUsed(charge?.payment_method_details ?? null),
    url: status === "open" ? session.url : null,
    providerData: charge ?? null,
  };
}

/**
 * A complete session Stripe still calls unpaid was paid by a delayed method (SEPA Direct Debit):
 * its payment intent is processing until the bank answers, and goes back to
 * requires_payment_method (or canceled) when the debit fails. Any other intent state of a complete,
 * unpaid session is read as still processing: only Stripe's "paid" settles an order.
 */
function paymentStatusOf(
  session: Stripe.Checkout.Session,
  status: PaymentSessionState["status"],
): PaymentSessionState["paymentStatus"] {
  const known = oneOf(session.payment_status, ["paid", "no_payment_required"] as const);
  if (known) return known;
  if (status !== "complete") return "unpaid";
  const paymentIntent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const intentStatus = paymentIntent?.status;
  return intentStatus === "requires_payment_method" || intentStatus === "canceled" ? "failed" : "processing";
}

/** The method a charge used: "card" with brand and last 4, "sepa_debit" with the IBAN's last 4... */
function methodUsed(details: Stripe.Charge.PaymentMethodDetails | null): PaymentMethodUsed | null {
  if (!details?.type) return null;
  const { type } = details;
  const last4 =
    type === "card" ? details.card?.last4 : type === "sepa_debit" ? details.sepa_debit?.last4 : null;
  const brand = type === "card" ? details.card?.brand : null;
  const bank = type === "ideal" ? details.ideal?.bank : type === "eps" ? details.eps?.bank : null;
  return { type, label: paymentMethodLabel({ type, brand, last4, bank }) };
}

function oneOf<T extends string>(value: string | null, known: readonly T[]): T | null {
  return known.find((candidate) => candidate === value) ?? null;
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    throw toProviderError(what, err);
  }
}

/**
 * Stripe's message is shown to the shopper only for card and request errors, which Stripe words
 * for people; authentication, rate-limit, connection and server errors stay in the log.
 */
function toProviderError(what: string, err: unknown): PaymentProviderError {
  if (err instanceof PaymentProviderError) return err;
  if (err instanceof Stripe.errors.StripeError) {
    const details = [err.type, err.code, err.statusCode, err.requestId].filter(Boolean).join(", ");
    const isReadable = err.type === "StripeCardError" || err.type === "StripeInvalidRequestError";
    return new PaymentProviderError(
      `Stripe: ${what} failed: ${err.message} (${details})`,
      isReadable ? err.message : null,
      { cause: err },
    );
  }
  return new PaymentProviderError(`Stripe: ${what} failed: ${errorMessage(err)}`, null, { cause: err });
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
