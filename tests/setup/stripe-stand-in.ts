import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";

/**
 * A local stand-in for the part of Stripe's REST API the Stripe driver uses, on 127.0.0.1 and a
 * free port: point the driver at it with `createStripeProvider({ apiBase: standIn.url, ... })` or
 * STRIPE_API_BASE. It keeps state like Stripe does (tax rates, sessions, payment intents, charges,
 * refunds), computes amount_total and amount_tax from what it was sent (manual tax rates per line
 * item on unit_amount x quantity, rounded half-up: taken out of the amount when inclusive, added
 * when exclusive), honours Idempotency-Key, and refuses what Stripe refuses for these calls (unknown
 * or archived tax rates, a tax_behavior that conflicts with the line's rate, unknown ids, expiring a
 * closed session, a double refund, an expires_at outside 30 min - 24 h, a total under $0.50) with
 * Stripe-shaped error bodies.
 *
 * Endpoints: POST /v1/tax_rates, GET /v1/tax_rates (?active=, newest first), GET /v1/tax_rates/:id,
 * POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (expand[]=payment_intent,
 * payment_intent.latest_charge, total_details.breakdown), POST /v1/checkout/sessions/:id/expire,
 * POST /v1/refunds, GET /v1/refunds (?payment_intent=, newest first). Also a bare hosted page at GET /pay/:id whose Pay button (POST /pay/:id) pays
 * with a Visa ending 4242 and redirects to the success_url, as Stripe's page does.
 */
export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41763 (no path): the driver's apiBase. */
  url: string;
  /** Every request received, in order, with its parsed query and form body. */
  requests: StripeStandInRequest[];
  /** The Checkout Sessions by id, as Stripe would return them (payment_intent not expanded). */
  sessions: Map<string, StandInCheckoutSession>;
  /** The refunds by id. */
  refunds: Map<string, StandInRefund>;
  /** The Tax Rates by id (set `active = false` to archive one, as the Dashboard does). */
  taxRates: Map<string, StandInTaxRate>;
  /** The shopper pays on the hosted page: the session becomes complete/paid with a charge. */
  completeSession(sessionId: string, card?: { brand: string; last4: string }): StandInCheckoutSession;
  /**
   * The shopper pays by SEPA Direct Debit: the session completes unpaid, its payment intent and
   * charge processing (pending) until answerDebit, as Stripe's do for a bank debit.
   */
  completeSessionByDebit(sessionId: string, ibanLast4?: string): StandInCheckoutSession;
  /** The bank answers a debit: the session is paid, or its payment intent needs a new method. */
  answerDebit(sessionId: string, outcome: "succeeded" | "failed"): StandInCheckoutSession;
  /** Stripe expires the session on its own (its expires_at passed). */
  expireSession(sessionId: string): StandInCheckoutSession;
  /** The next request matching `path` (and `method`, when given) gets this error instead. */
  failNextRequest(failure: StandInFailure): void;
  /** Stripe forgets idempotency keys after 24 hours: a key used again runs as a new request. */
  forgetIdempotencyKeys(): void;
  /** The endpoint secret (whsec_...) that signedWebhook signs with. */
  webhookSecret: string;
  /** A webhook delivery as Stripe sends it: the raw JSON body and its Stripe-Signature header. */
  signedWebhook(event: { type: string; data: { object: unknown }; id?: string }): {
    rawBody: string;
    signature: string;
  };
  close(): Promise<void>;
}

export interface StripeStandInRequest {
  method: string;
  /** Without the query string, e.g. /v1/checkout/sessions. */
  path: string;
  query: qs.ParsedQs;
  /** The form body parsed with qs: line_items[0][price_data][unit_amount] → body.line_items[0]... (strings). */
  body: qs.ParsedQs;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
}

export interface StandInFailure {
  /** Exact path (e.g. /v1/checkout/sessions) or a pattern. */
  path: string | RegExp;
  method?: "GET" | "POST";
  /** HTTP status; default 400. Stripe uses 402 for card errors. */
  status?: number;
  error: { type: string; message: string; code?: string; param?: string; decline_code?: string };
}

export interface StandInCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  metadata: Record<string, string>;
  reason: string | null;
  status: "succeeded";
  created: number;
}

export interface StandInTaxRate {
  id: string;
  object: "tax_rate";
  active: boolean;
  country: string | null;
  description: string | null;
  display_name: string;
  inclusive: boolean;
  jurisdiction: string | null;
  metadata: Record<string, string>;
  percentage: number;
  state: string | null;
  tax_type: string | null;
  created: number;
  livemode: false;
}

/** total_details.breakdown.taxes[]: one entry per rate, returned only when expanded. */
interface StandInTaxBreakdown {
  amount: number;
  rate: StandInTaxRate;
  taxability_reason: null;
  taxable_amount: number;
}

interface StandInPaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "succeeded" | "processing" | "requires_payment_method";
  metadata: Record<string, string>;
  latest_charge: string;
  created: number;
  livemode: false;
}

interface StandInCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  captured: boolean;
  paid: boolean;
  status: "succeeded" | "pending" | "failed";
  currency: string;
  payment_intent: string;
  billing_details: { email: string | null; name: string | null };
  payment_method_details:
    | {
        type: "card";
        card: {
          brand: string;
          last4: string;
          exp_month: number;
          exp_year: number;
          funding: string;
          country: string;
        };
      }
    | {
        type: "sepa_debit";
        sepa_debit: { bank_code: string; country: string; last4: string; mandate: string };
      };
  receipt_url: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** Thrown inside a handler: becomes a Stripe-shaped error response. */
class StripeApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: StandInFailure["error"],
  ) {
    super(error.message);
  }
}

const MIN_SESSION_SECONDS = 30 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** Stripe's minimum charge in USD. */
const MIN_AMOUNT_CENTS = 50;
/** A percentage has at most 4 decimals: this many units make 1 %. */
const PERCENT_UNITS = 10_000;

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeStandInRequest[] = [];
  const sessions = new Map<string, StandInCheckoutSession>();
  const taxRates = new Map<string, StandInTaxRate>();
  const paymentIntents = new Map<string, StandInPaymentIntent>();
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, StandInRefund>();
  /** What each session was asked for beyond its public fields. */
  const sessionExtras = new Map<
    string,
    { paymentIntentMetadata: Record<string, string>; taxes: StandInTaxBreakdown[] }
  >();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const failures: StandInFailure[] = [];
  const webhookSecret = `whsec_${randomBytes(24).toString("hex")}`;
  let url = "";

  function now(): number {
    return Math.floor(Date.now() / 1000);
  }

  function createTaxRate(body: qs.ParsedQs): StandInTaxRate {
    const displayName = requiredString(body, "display_name");
    const percentage = requiredString(body, "percentage");
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(percentage) || Number(percentage) > 100) {
      throw invalid("percentage must be a number between 0 and 100 with at most 4 decimals.", "percentage");
    }
    const rate: StandInTaxRate = {
      id: randomId("txr_"),
      object: "tax_rate",
      active: optionalBoolean(body, "active") ?? true,
      country: optionalString(body, "country") ?? null,
      description: optionalString(body, "description") ?? null,
      display_name: displayName,
      inclusive: requiredBoolean(body, "inclusive"),
      jurisdiction: optionalString(body, "jurisdiction") ?? null,
      metadata: stringRecord(body.metadata),
      percentage: Number(percentage),
      state: optionalString(body, "state") ?? null,
      tax_type: optionalString(body, "tax_type") ?? null,
      created: now(),
      livemode: false,
    };
    taxRates.set(rate.id, rate);
    return rate;
  }

  function findTaxRate(id: string, param = "tax_rate"): StandInTaxRate {
    const rate = taxRates.get(id);
    if (!rate) throw new StripeApiFailure(404, missing(`No such tax rate: '${id}'`, param));
    return rate;
  }

  /** GET /v1/tax_rates: newest first, optionally only the active (or archived) ones. */
  function listTaxRates(query: qs.ParsedQs) {
    const active = optionalBoolean(query, "active");
    const data = [...taxRates.values()]
      .filter((rate) => active === undefined || rate.active === active)
      .reverse();
    return { object: "list", url: "/v1/tax_rates", has_more: false, data };
  }

  /**
   * A line item's tax under its manual rate, as Stripe computes it: on unit_amount x quantity, half
   * up to the cent. The price's tax_behavior, when set, must agree with the rate's inclusive flag.
   */
  function lineTax(line: qs.ParsedQs, amount: number, param: string) {
    const priceData = object(line.price_data, `${param}[price_data]`);
    const behavior = optionalString(priceData, "tax_behavior");
    if (behavior !== undefined && !["inclusive", "exclusive", "unspecified"].includes(behavior)) {
      throw invalid("Invalid tax_behavior.", `${param}[price_data][tax_behavior]`);
    }
    const rateIds = line.tax_rates === undefined ? [] : list(line.tax_rates, `${param}[tax_rates]`);
    if (rateIds.length === 0) return null;
    if (rateIds.length > 1)
      throw invalid("This stand-in supports one tax rate per line item.", `${param}[tax_rates]`);
    const rate = findTaxRate(String(rateIds[0]), `${param}[tax_rates][0]`);
    if (!rate.active) {
      throw invalid(
        `Tax rate ${rate.id} is archived and cannot be used with new Checkout Sessions.`,
        `${param}[tax_rates][0]`,
      );
    }
    if (
      behavior !== undefined &&
      behavior !== "unspecified" &&
      (behavior === "inclusive") !== rate.inclusive
    ) {
      throw invalid(
        "One or more prices has a `tax_behavior` that conflicts with the tax rates that apply to the corresponding line item.",
        `${param}[price_data][tax_behavior]`,
      );
    }
    const units = Math.round(rate.percentage * PERCENT_UNITS);
    const whole = 100 * PERCENT_UNITS;
    const tax = rate.inclusive ? halfUp(amount * units, whole + units) : halfUp(amount * units, whole);
    return { rate, tax, taxable: rate.inclusive ? amount - tax : amount };
  }

  function createSession(body: qs.ParsedQs): StandInCheckoutSession {
    if (body.mode !== "payment") throw invalid("This stand-in supports mode=payment only.", "mode");
    const successUrl = requiredString(body, "success_url");
    const lines = list(body.line_items, "line_items");
    if (lines.length === 0) throw invalid("line_items must contain at least one item.", "line_items");
    const currencies = new Set<string>();
    let subtotal = 0;
    let addedTax = 0;
    const taxes = new Map<string, StandInTaxBreakdown>();
    for (const [index, line] of lines.entries()) {
      const param = `line_items[${index}]`;
      const quantity = requiredInt(line, "quantity", 1, `${param}[quantity]`);
      const priceData = object(line.price_data, `${param}[price_data]`);
      currencies.add(requiredString(priceData, "currency", `${param}[price_data][currency]`));
      const unitAmount = requiredInt(priceData, "unit_amount", 0, `${param}[price_data][unit_amount]`);
      const product = object(priceData.product_data, `${param}[price_data][product_data]`);
      requiredString(product, "name", `${param}[price_data][product_data][name]`);
      subtotal += unitAmount * quantity;
      const taxed = lineTax(line, unitAmount * quantity, param);
      if (!taxed) continue;
      if (!taxed.rate.inclusive) addedTax += taxed.tax;
      const entry = taxes.get(taxed.rate.id) ?? {
        amount: 0,
        rate: taxed.rate,
        taxability_reason: null,
        taxable_amount: 0,
      };
      entry.amount += taxed.tax;
      entry.taxable_amount += taxed.taxable;
      taxes.set(taxed.rate.id, entry);
    }
    const taxTotal = [...taxes.values()].reduce((sum, entry) => sum + entry.amount, 0);

    if (currencies.size !== 1) throw invalid("All amounts must be in the same currency.", "line_items");
    const [currency] = [...currencies];

    const created = now();
    const expiresAt = optionalInt(body, "expires_at", 0) ?? created + MAX_SESSION_SECONDS;
    if (expiresAt < created + MIN_SESSION_SECONDS) {
      throw invalid(
        "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
        "expires_at",
      );
    }
    if (expiresAt > created + MAX_SESSION_SECONDS) {
      throw invalid(
        "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
        "expires_at",
      );
    }
    const total = subtotal + addedTax;
    if (total < MIN_AMOUNT_CENTS) {
      throw invalid(
        "The Checkout Session's total amount due must add up to at least $0.50 usd",
        "line_items",
      );
    }

    const id = randomId("cs_test_", 48);
    const session: StandInCheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: subtotal,
      amount_total: total,
      currency: currency ?? "usd",
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: taxTotal },
      customer_email: optionalString(body, "customer_email") ?? null,
      customer_details: null,
      client_reference_id: optionalString(body, "client_reference_id") ?? null,
      metadata: stringRecord(body.metadata),
      // since API 2022-08-01 the payment intent exists only once the shopper pays
      payment_intent: null,
      success_url: successUrl,
      cancel_url: optionalString(body, "cancel_url") ?? null,
      url: `${url}/pay/${id}`,
      expires_at: expiresAt,
      created,
      livemode: false,
    };
    sessions.set(id, session);
    const paymentIntentData =
      body.payment_intent_data === undefined ? {} : object(body.payment_intent_data, "payment_intent_data");
    sessionExtras.set(id, {
      paymentIntentMetadata: stringRecord(paymentIntentData.metadata),
      taxes: [...taxes.values()],
    });
    return session;
  }

  function findSession(id: string): StandInCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw new StripeApiFailure(404, missing(`No such checkout.session: '${id}'`, "session"));
    return session;
  }

  function expandSession(session: StandInCheckoutSession, expand: string[]): unknown {
    const expandable = ["payment_intent", "payment_intent.latest_charge", "total_details.breakdown"];
    for (const path of expand) {
      if (!expandable.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, "expand");
    }
    const expanded: Record<string, unknown> = { ...session };
    if (expand.includes("total_details.breakdown")) {
      const taxes = sessionExtras.get(session.id)?.taxes ?? [];
      expanded.total_details = { ...session.total_details, breakdown: { discounts: [], taxes } };
    }
    if (session.payment_intent && expand.some((path) => path.startsWith("payment_intent"))) {
      const paymentIntent = paymentIntents.get(session.payment_intent)!;
      const latestCharge = expand.includes("payment_intent.latest_charge")
        ? charges.get(paymentIntent.latest_charge)!
        : paymentIntent.latest_charge;
      expanded.payment_intent = { ...paymentIntent, latest_charge: latestCharge };
    }
    return expanded;
  }

  function expire(id: string): StandInCheckoutSession {
    const session = findSession(id);
    if (session.status !== "open") {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired (this one is ${session.status}).`,
      );
    }
    session.status = "expired";
    session.url = null;
    return session;
  }

  function complete(id: string, card = { brand: "visa", last4: "4242" }): StandInCheckoutSession {
    const session = findSession(id);
    if (session.status !== "open") throw new Error(`stand-in: session ${id} is ${session.status}, not open`);
    const created = now();
    const paymentIntentId = randomId("pi_");
    const chargeId = randomId("ch_");
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      refunded: false,
      captured: true,
      paid: true,
      status: "succeeded",
      currency: session.currency,
      payment_intent: paymentIntentId,
      billing_details: { email: session.customer_email, name: null },
      payment_method_details: {
        type: "card",
        card: {
          ...card,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 3,
          funding: "credit",
          country: "US",
        },
      },
      receipt_url: `${url}/receipts/${chargeId}`,
      metadata: {},
      created,
      livemode: false,
    });
    paymentIntents.set(paymentIntentId, {
      id: paymentIntentId,
      object: "payment_intent",
      amount: session.amount_total,
      currency: session.currency,
      status: "succeeded",
      metadata: sessionExtras.get(id)?.paymentIntentMetadata ?? {},
      latest_charge: chargeId,
      created,
      livemode: false,
    });
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: paymentIntentId,
      customer_details: { email: session.customer_email, name: null },
      url: null,
    } satisfies Partial<StandInCheckoutSession>);
    return session;
  }

  function completeByDebit(id: string, last4 = "3000"): StandInCheckoutSession {
    complete(id);
    const session = findSession(id);
    const paymentIntent = paymentIntents.get(session.payment_intent!)!;
    const charge = charges.get(paymentIntent.latest_charge)!;
    paymentIntent.status = "processing";
    Object.assign(charge, {
      paid: false,
      captured: false,
      amount_captured: 0,
      status: "pending",
      payment_method_details: {
        type: "sepa_debit",
        sepa_debit: { bank_code: "37040044", country: "DE", last4, mandate: randomId("mandate_") },
      },
    } satisfies Partial<StandInCharge>);
    session.payment_status = "unpaid";
    return session;
  }

  function answerDebit(id: string, outcome: "succeeded" | "failed"): StandInCheckoutSession {
    const session = findSession(id);
    const paymentIntent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (paymentIntent?.status !== "processing")
      throw new Error(`stand-in: session ${id} has no debit processing`);
    const charge = charges.get(paymentIntent.latest_charge)!;
    if (outcome === "succeeded") {
      paymentIntent.status = "succeeded";
      Object.assign(charge, {
        paid: true,
        captured: true,
        amount_captured: charge.amount,
        status: "succeeded",
      });
      session.payment_status = "paid";
    } else {
      paymentIntent.status = "requires_payment_method";
      charge.status = "failed";
    }
    return session;
  }

  function refund(body: qs.ParsedQs): StandInRefund {
    const paymentIntentId = optionalString(body, "payment_intent");
    const chargeParam = optionalString(body, "charge");
    let charge: StandInCharge | undefined;
    if (paymentIntentId) {
      const paymentIntent = paymentIntents.get(paymentIntentId);
      if (!paymentIntent) {
        throw new StripeApiFailure(
          404,
          missing(`No such payment_intent: '${paymentIntentId}'`, "payment_intent"),
        );
      }
      charge = charges.get(paymentIntent.latest_charge);
    } else if (chargeParam) {
      charge = charges.get(chargeParam);
      if (!charge) throw new StripeApiFailure(404, missing(`No such charge: '${chargeParam}'`, "charge"));
    } else {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    }
    if (!charge) throw invalid("This PaymentIntent has no charge to refund.", "payment_intent");
    if (charge.refunded) {
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amount = optionalInt(body, "amount", 1) ?? remaining;
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        "amount",
      );
    }
    const reason = optionalString(body, "reason") ?? null;
    if (reason !== null && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) {
      throw invalid(
        "Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer",
        "reason",
      );
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const created: StandInRefund = {
      id: randomId("re_"),
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      metadata: stringRecord(body.metadata),
      reason,
      status: "succeeded",
      created: now(),
    };
    refunds.set(created.id, created);
    return created;
  }

  /** GET /v1/refunds: newest first, optionally of one payment intent (no pagination needed here). */
  function listRefunds(query: qs.ParsedQs) {
    const paymentIntentId = optionalString(query, "payment_intent");
    const data = [...refunds.values()]
      .filter((refund) => !paymentIntentId || refund.payment_intent === paymentIntentId)
      .reverse();
    return { object: "list", url: "/v1/refunds", has_more: false, data };
  }

  /** The API: returns [status, JSON body]. */
  function route(method: string, path: string, query: qs.ParsedQs, body: qs.ParsedQs): [number, unknown] {
    if (method === "POST" && path === "/v1/tax_rates") return [200, createTaxRate(body)];
    if (method === "GET" && path === "/v1/tax_rates") return [200, listTaxRates(query)];
    const taxRatePath = path.match(/^\/v1\/tax_rates\/([^/]+)$/);
    if (method === "GET" && taxRatePath) return [200, findTaxRate(decodeURIComponent(taxRatePath[1]!))];
    if (method === "POST" && path === "/v1/checkout/sessions") return [200, createSession(body)];
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (sessionPath) {
      const sessionId = decodeURIComponent(sessionPath[1]!);
      if (method === "GET" && !sessionPath[2]) {
        const expand = query.expand === undefined ? [] : list(query.expand, "expand").map(String);
        return [200, expandSession(findSession(sessionId), expand)];
      }
      if (method === "POST" && sessionPath[2]) return [200, expire(sessionId)];
    }
    if (method === "POST" && path === "/v1/refunds") return [200, refund(body)];
    if (method === "GET" && path === "/v1/refunds") return [200, listRefunds(query)];
    throw new StripeApiFailure(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in does not serve it.`,
    });
  }

  function handleApi(req: IncomingMessage, res: ServerResponse, record: StripeStandInRequest, raw: string) {
    const send = (status: number, payload: unknown, replayed = false) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": randomId("req_", 14),
        "stripe-version": String(req.headers["stripe-version"] ?? Stripe.API_VERSION),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(payload));
    };

    if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
      return send(401, {
        error: { type: "invalid_request_error", message: "You did not provide an API key (Bearer sk_...)." },
      });
    }
    const failureIndex = failures.findIndex(
      (failure) =>
        (failure.method === undefined || failure.method === record.method) &&
        (typeof failure.path === "string" ? failure.path === record.path : failure.path.test(record.path)),
    );
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      return send(failure!.status ?? 400, { error: failure!.error });
    }

    const key = req.method === "POST" ? headerValue(req.headers["idempotency-key"]) : undefined;
    const fingerprint = `${record.method} ${record.path} ${raw}`;
    if (key !== undefined) {
      const earlier = idempotent.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      if (earlier) return send(earlier.status, earlier.body, true);
    }
    try {
      const [status, payload] = route(record.method, record.path, record.query, record.body);
      // like Stripe, only requests that ran are remembered (a refused one may be retried with the same key)
      if (key !== undefined) idempotent.set(key, { fingerprint, status, body: payload });
      send(status, payload);
    } catch (err) {
      if (!(err instanceof StripeApiFailure)) throw err;
      send(err.status, { error: err.error });
    }
  }

  /** A bare hosted payment page, enough for a browser test to "pay" and be sent back. */
  function handlePage(req: IncomingMessage, res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    const html = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><head><title>Stripe stand-in checkout</title></head><body>${body}</body></html>`,
      );
    };
    if (!session) return html(404, "<h1>No such checkout session</h1>");
    if (session.status !== "open") return html(410, "<h1>This checkout session is no longer open.</h1>");
    if (req.method === "POST") {
      complete(sessionId);
      res.writeHead(303, { location: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", sessionId) });
      return res.end();
    }
    const amount = `$${(session.amount_total / 100).toFixed(2)}`;
    const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : "";
    html(
      200,
      `<main><h1>Pay ${amount}</h1><p>${escapeHtml(session.customer_email ?? "")}</p>` +
        `<form method="post"><button type="submit">Pay</button></form>${cancel}</main>`,
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const requestUrl = new URL(req.url ?? "/", url);
      const record: StripeStandInRequest = {
        method: req.method ?? "GET",
        path: requestUrl.pathname,
        query: parseForm(requestUrl.search.slice(1)),
        body: parseForm(raw),
        headers: { ...req.headers },
      };
      requests.push(record);
      try {
        const page = record.path.match(/^\/pay\/([^/]+)$/);
        if (page) handlePage(req, res, decodeURIComponent(page[1]!));
        else handleApi(req, res, record, raw);
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: { type: "api_error", message: `stand-in failure: ${String(err)}` } }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    sessions,
    refunds,
    taxRates,
    completeSession: (sessionId, card) => complete(sessionId, card),
    completeSessionByDebit: (sessionId, ibanLast4) => completeByDebit(sessionId, ibanLast4),
    answerDebit: (sessionId, outcome) => answerDebit(sessionId, outcome),
    expireSession: (sessionId) => expire(sessionId),
    failNextRequest: (failure) => {
      failures.push(failure);
    },
    forgetIdempotencyKeys: () => idempotent.clear(),
    webhookSecret,
    signedWebhook(event) {
      const rawBody = JSON.stringify({
        id: event.id ?? randomId("evt_"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: event.data,
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret });
      return { rawBody, signature };
    },
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((err) => (err ? reject(err) : resolve())),
      );
      // the SDK keeps connections alive; do not wait for them to time out
      server.closeAllConnections();
      await closed;
    },
  };
}

function parseForm(raw: string): qs.ParsedQs {
  // Stripe's SDK sends indexed arrays (line_items[0][...]); raise qs's limits so long carts stay arrays
  return qs.parse(raw, { arrayLimit: 1000, parameterLimit: 10_000, depth: 10 });
}

function invalid(message: string, param?: string, code?: string): StripeApiFailure {
  return new StripeApiFailure(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

function missing(message: string, param: string): StandInFailure["error"] {
  return { type: "invalid_request_error", code: "resource_missing", message, param };
}

function object(value: unknown, param: string): qs.ParsedQs {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(`Missing required param: ${param}.`, param);
  }
  return value as qs.ParsedQs;
}

function list(value: unknown, param: string): qs.ParsedQs[] {
  if (!Array.isArray(value)) throw invalid(`Invalid array: ${param}.`, param);
  return value as qs.ParsedQs[];
}

function requiredString(body: qs.ParsedQs, name: string, param = name): string {
  const value = body[name];
  if (typeof value !== "string" || value === "") throw invalid(`Missing required param: ${param}.`, param);
  return value;
}

function optionalString(body: qs.ParsedQs, name: string): string | undefined {
  const value = body[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function requiredInt(body: qs.ParsedQs, name: string, min: number, param = name): number {
  const value = optionalInt(body, name, min, param);
  if (value === null) throw invalid(`Missing required param: ${param}.`, param);
  return value;
}

function optionalInt(body: qs.ParsedQs, name: string, min: number, param = name): number | null {
  const value = body[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^-?\d+$/.test(value))
    throw invalid(`Invalid integer: ${String(value)}`, param);
  const number = Number(value);
  if (number < min) throw invalid(`Invalid ${param}: must be at least ${min}.`, param);
  return number;
}

function optionalBoolean(body: qs.ParsedQs, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === "") return undefined;
  if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${String(value)}`, name);
  return value === "true";
}

function requiredBoolean(body: qs.ParsedQs, name: string): boolean {
  const value = optionalBoolean(body, name);
  if (value === undefined) throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

/** a / b rounded half-up, for non-negative integers: how Stripe rounds a tax to the cent. */
function halfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function randomId(prefix: string, length = 24): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
