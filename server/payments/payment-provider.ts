// The payment adapter (docs/ARCHITECTURE.md#payment-providers): the built-in test checkout (default) or
// Stripe Checkout. Checkout code talks only to this interface; the provider is the truth about a
// payment, so webhooks and the success page are triggers that make us re-read a session, never
// evidence.
import type { PaymentMethodUsed } from "../../core/payment-method";
import type { TaxMode } from "../../core/tax";

export type PaymentProviderId = "test" | "stripe";

export interface CheckoutLineItem {
  name: string;
  /** Unit price in cents, after this line's share of the coupon. */
  unitAmountCents: number;
  quantity: number;
  /** Shown under the name, e.g. the line's share of the coupon. */
  description?: string;
  /** Absolute image URL, when the product has one. */
  imageUrl?: string;
  /** The VAT in unit x quantity (inclusive) or added to it (exclusive); 0 without VAT. */
  taxCents: number;
}

/** The VAT the whole session carries: one rate, the shipping country's (docs/TAX.md). */
export interface CheckoutTax {
  /** inclusive: the amounts hold the VAT; exclusive: it is added to them. */
  behavior: TaxMode;
  /** ISO 3166 alpha-2. */
  country: string;
  countryName: string;
  rateBasisPoints: number;
  /** The lines' and shipping's VAT together: the order's taxCents. */
  amountCents: number;
}

export interface CreateCheckoutSessionInput {
  orderId: string;
  orderNumber: string;
  /**
   * Product lines after the coupon, so no provider spreads a discount with rounding of its own:
   * with shipping (and, exclusive of VAT, the VAT) they sum to totalCents.
   */
  lineItems: CheckoutLineItem[];
  /** Charged as a line of its own, taxed like the goods. */
  shipping: { label: string; description: string; amountCents: number; taxCents: number };
  /** Null only for an order placed before the store charged VAT. */
  tax: CheckoutTax | null;
  totalCents: number;
  /** ISO 4217 in lower case, as Stripe writes it: the order's currency. */
  currency: string;
  customerEmail: string;
  /** Absolute URLs. successUrl contains `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** The same key for a retry of the same attempt: the provider creates one session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** Where to send the shopper: the hosted payment page. */
  url: string;
}

/** A session as the provider sees it now. */
export interface PaymentSessionState {
  id: string;
  /** metadata.order_id */
  orderId: string | null;
  status: "open" | "complete" | "expired";
  /**
   * A complete session paid by a delayed method (SEPA Direct Debit) is "processing" until its bank
   * answers, then "paid" or "failed" (Stripe: payment_status unpaid with the payment intent
   * processing, or back to requires_payment_method). "unpaid" otherwise while not paid.
   */
  paymentStatus: "paid" | "unpaid" | "no_payment_required" | "processing" | "failed";
  amountTotalCents: number;
  /** The VAT the provider says it charged (Stripe: total_details.amount_tax); null: not reported. */
  amountTaxCents: number | null;
  currency: string;
  customerEmail: string | null;
  card: { brand: string; last4: string } | null;
  /** The method the shopper paid (or is paying) with; null before the page completes. */
  paymentMethod: PaymentMethodUsed | null;
  /** The hosted page, while the session is open. */
  url: string | null;
  /** The raw charge (or equivalent) for the receipt, kept verbatim. */
  providerData: unknown;
}

/** A refund as the provider recorded it. */
export interface ProviderRefund {
  /** The provider's id: "re_..." at Stripe, "tre_..." at the test checkout. */
  id: string;
  amountCents: number;
}

/** A verified webhook notification: which session to look at again, and why. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  sessionId: string | null;
}

export interface PaymentProvider {
  id: PaymentProviderId;
  /** Whether no real money moves (test checkout, or Stripe with a test key): shows the banner. */
  isTestMode: boolean;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<PaymentSessionState>;
  /** Closes an open session so it can no longer be paid; a no-op for one already closed. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Gives `amountCents` of a paid session back (a return's partial refund), or all that is left of
   * it when no amount is given, and returns the refund. The same idempotency key always stands for
   * the same refund: a repeated call (after a timeout, a crash or a second click) returns the refund
   * the first one made instead of making another.
   */
  refund(options: {
    sessionId: string;
    reason: string;
    idempotencyKey: string;
    amountCents?: number;
  }): Promise<ProviderRefund>;
  /**
   * Checks a webhook's signature over the raw body and returns the event; throws
   * PaymentWebhookError when the signature or payload is not valid.
   */
  verifyWebhook(options: { rawBody: string; signature: string | null }): PaymentWebhookEvent;
}

export class PaymentWebhookError extends Error {
  override name = "PaymentWebhookError";
}

/** A provider refused or failed a request; `userMessage` is what the shopper may see. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  constructor(
    message: string,
    readonly userMessage: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
