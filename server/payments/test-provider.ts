import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { paymentMethodLabel } from "../../core/payment-method";
import { AppError } from "../app-error";
import type { Database } from "../db/client";
import { type TestPaymentSession, testPaymentRefund, testPaymentSession } from "../db/schema";
import {
  type CreateCheckoutSessionInput,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSessionState,
  PaymentWebhookError,
} from "./payment-provider";
import { assertAddsUpToTotal } from "./session-amounts";

/** What a test session's page lists (test_payment_session.line_items): the session's own input. */
export type TestCheckoutContents = Pick<CreateCheckoutSessionInput, "shipping" | "tax"> & {
  lines: CreateCheckoutSessionInput["lineItems"];
};

/** The test cards (Stripe's well-known numbers, so nobody types a real card into a test store). */
const TEST_CARDS: Record<string, { brand: string; outcome: "paid" | "declined" }> = {
  "4242424242424242": { brand: "visa", outcome: "paid" },
  "5555555555554444": { brand: "mastercard", outcome: "paid" },
  "4000000000000002": { brand: "visa", outcome: "declined" },
};

/** The test IBAN (Stripe's well-known German test account): debited, then settled or failed by hand. */
export const TEST_IBAN = "DE89370400440532013000";

export const testCheckoutMessages = {
  unknownIban: "Use the test IBAN DE89 3704 0044 0532 0130 00: no other account can be debited here.",
  mandate: "Accept the SEPA Direct Debit mandate to pay by bank debit.",
  notProcessing: "This payment is no longer waiting for the bank.",
  declined: "Your card was declined. Please use a different card.",
  unknownCard: "Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.",
  expiry: "Your card's expiration date is invalid.",
  cvc: "Your card's security code is invalid.",
  closed: "This checkout session is no longer open.",
};

/**
 * The built-in test checkout (docs/ARCHITECTURE.md#payment-providers): a hosted-style page served by
 * the store itself at /test-checkout/:session. Its sessions live in their own table, as Stripe's live
 * on Stripe's servers, and go through the same fulfilment path.
 */
export function createTestPaymentProvider(options: { db: Database; publicUrl: string }): PaymentProvider {
  const { db, publicUrl } = options;

  async function load(sessionId: string): Promise<TestPaymentSession> {
    const [row] = await db.select().from(testPaymentSession).where(eq(testPaymentSession.id, sessionId));
    if (!row) throw new Error(`test checkout session ${sessionId} does not exist`);
    return row;
  }

  return {
    id: "test",
    isTestMode: true,

    async createCheckoutSession(input) {
      assertAddsUpToTotal(input);
      const contents: TestCheckoutContents = {
        lines: input.lineItems,
        shipping: input.shipping,
        tax: input.tax,
      };
      // the idempotency key decides the id: a retried request finds the session it created
      const id = `tcs_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 40)}`;
      await db
        .insert(testPaymentSession)
        .values({
          id,
          orderId: input.orderId,
          amountCents: input.totalCents,
          currency: input.currency,
          lineItems: contents,
          customerEmail: input.customerEmail,
          successUrl: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
          cancelUrl: input.cancelUrl,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing();
      return { id, url: `${publicUrl}/test-checkout/${id}` };
    },

    async retrieveSession(sessionId) {
      return toState(await load(sessionId), publicUrl);
    },

    async expireSession(sessionId) {
      await db
        .update(testPaymentSession)
        .set({ status: "expired" })
        .where(and(eq(testPaymentSession.id, sessionId), eq(testPaymentSession.status, "open")));
    },

    async refund({ sessionId, idempotencyKey, amountCents }) {
      // the key decides the id, as Stripe answers a repeated key with the refund it made
      const id = `tre_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      return db.transaction(async (tx) => {
        // the session's lock first: two calls with one key wait for each other, and the second finds the first's refund
        const [session] = await tx
          .select()
          .from(testPaymentSession)
          .where(eq(testPaymentSession.id, sessionId))
          .for("update");
        const [earlier] = await tx
          .select()
          .from(testPaymentRefund)
          .where(eq(testPaymentRefund.idempotencyKey, idempotencyKey));
        if (earlier) return { id: earlier.id, amountCents: earlier.amountCents };
        // a debit still processing (or failed) has taken no money yet
        if (session?.status !== "complete" || (session.delayedOutcome ?? "succeeded") !== "succeeded") {
          throw new PaymentProviderError(
            `test checkout session ${sessionId} has no payment to refund`,
            "the payment was never completed",
          );
        }
        const left = session.amountCents - session.refundedCents;
        const amount = amountCents ?? left;
        if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
          throw new PaymentProviderError(
            `test checkout session ${sessionId}: cannot refund ${amount} of the ${left} cents left`,
            left === 0
              ? "the payment has already been refunded in full"
              : "the amount is more than what is left of the payment",
          );
        }
        await tx.insert(testPaymentRefund).values({ idempotencyKey, id, sessionId, amountCents: amount });
        await tx
          .update(testPaymentSession)
          .set({ refundedCents: sql`${testPaymentSession.refundedCents} + ${amount}` })
          .where(eq(testPaymentSession.id, sessionId));
        return { id, amountCents: amount };
      });
    },

    verifyWebhook() {
      throw new PaymentWebhookError("the test checkout sends no webhooks");
    },
  };
}

function toState(row: TestPaymentSession, publicUrl: string): PaymentSessionState {
  // an open session past its time is expired, as the provider would report it
  const status = row.status === "open" && row.expiresAt.getTime() <= Date.now() ? "expired" : row.status;
  const card = row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null;
  const methodType = row.paymentMethodType ?? "card";
  const paymentMethod =
    status !== "complete"
      ? null
      : {
          type: methodType,
          label: paymentMethodLabel({
            type: methodType,
            brand: row.cardBrand,
            last4: methodType === "sepa_debit" ? row.ibanLast4 : row.cardLast4,
          }),
        };
  // a card is paid at once; the test debit is processing until its bank page settles or fails it
  const paymentStatus =
    status !== "complete"
      ? "unpaid"
      : row.delayedOutcome === "processing"
        ? "processing"
        : row.delayedOutcome === "failed"
          ? "failed"
          : "paid";
  const isCharged = paymentStatus === "paid" || paymentStatus === "processing";
  return {
    id: row.id,
    orderId: row.orderId,
    status,
    paymentStatus,
    amountTotalCents: row.amountCents,
    // the VAT its page showed and charged
    amountTaxCents: (row.lineItems as TestCheckoutContents).tax?.amountCents ?? 0,
    currency: row.currency,
    customerEmail: row.customerEmail,
    card,
    paymentMethod,
    url: status === "open" ? `${publicUrl}/test-checkout/${row.id}` : null,
    providerData: isCharged
      ? {
          object: "test_charge",
          id: `tch_${row.id.slice(4, 28)}`,
          amount: row.amountCents,
          amount_refunded: row.refundedCents,
          currency: row.currency,
          paid: paymentStatus === "paid",
          status: paymentStatus === "paid" ? "succeeded" : "pending",
          billing_details: { email: row.customerEmail },
          payment_method_details:
            methodType === "sepa_debit"
              ? { type: "sepa_debit", sepa_debit: { last4: row.ibanLast4 } }
              : { type: "card", card: card ? { brand: card.brand, last4: card.last4 } : null },
          created: Math.floor(row.updatedAt.getTime() / 1000),
          livemode: false,
        }
      : null,
  };
}

/** What the test checkout page shows: only open sessions are payable. */
export async function getTestCheckoutSession(options: { db: Database; sessionId: string }) {
  if (!/^tcs_[0-9a-f]{40}$/.test(options.sessionId)) return null;
  const [row] = await options.db
    .select()
    .from(testPaymentSession)
    .where(eq(testPaymentSession.id, options.sessionId));
  return row ?? null;
}

/**
 * The shopper pressed Pay on the test page: decides the outcome by card number, like Stripe's test
 * mode. Returns the success URL; a refused payment is thrown as an AppError (402, Stripe's status).
 */
export async function submitTestPayment(options: {
  db: Database;
  sessionId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const digits = options.cardNumber.replace(/[\s-]/g, "");
  const card = TEST_CARDS[digits];
  const refuse = (message: string) => new AppError("payment_refused", message, 402);
  if (!card) throw refuse(testCheckoutMessages.unknownCard);
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(options.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  // valid through the end of the printed month
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now) {
    throw refuse(testCheckoutMessages.expiry);
  }
  if (!/^\d{3,4}$/.test(options.cvc.trim())) throw refuse(testCheckoutMessages.cvc);
  if (card.outcome === "declined") throw refuse(testCheckoutMessages.declined);

  return completeOpenSession(options.db, options.sessionId, now, {
    paymentMethodType: "card",
    cardBrand: card.brand,
    cardLast4: digits.slice(-4),
  });
}

/**
 * Completes a session with what the shopper paid by, and returns its success URL. Conditional: a
 * session is completed once, and never after it expired.
 */
async function completeOpenSession(
  db: Database,
  sessionId: string,
  now: Date,
  paidWith: Partial<
    Pick<TestPaymentSession, "paymentMethodType" | "cardBrand" | "cardLast4" | "ibanLast4" | "delayedOutcome">
  >,
): Promise<string> {
  const [completed] = await db
    .update(testPaymentSession)
    .set({ status: "complete", ...paidWith })
    .where(
      and(
        eq(testPaymentSession.id, sessionId),
        eq(testPaymentSession.status, "open"),
        gt(testPaymentSession.expiresAt, now),
      ),
    )
    .returning({ successUrl: testPaymentSession.successUrl });
  if (!completed) throw new AppError("payment_refused", testCheckoutMessages.closed, 402);
  return completed.successUrl;
}

/**
 * The shopper pays by the test SEPA Direct Debit: only the test IBAN is accepted, with the mandate.
 * The session completes unpaid ("processing"), as Stripe's does for a bank debit, until the test
 * bank page settles or fails it (finishTestDelayedPayment). Returns the success URL.
 */
export async function submitTestDebit(options: {
  db: Database;
  sessionId: string;
  iban: string;
  acceptsMandate: boolean;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const refuse = (message: string) => new AppError("payment_refused", message, 402);
  const iban = options.iban.replace(/\s/g, "").toUpperCase();
  if (iban !== TEST_IBAN) throw refuse(testCheckoutMessages.unknownIban);
  if (!options.acceptsMandate) throw refuse(testCheckoutMessages.mandate);
  return completeOpenSession(options.db, options.sessionId, now, {
    paymentMethodType: "sepa_debit",
    ibanLast4: iban.slice(-4),
    delayedOutcome: "processing",
  });
}

/**
 * The test bank answers a processing debit: "succeeded" or "failed", once (conditional on it still
 * processing, so two presses at once change it once). The caller then syncs the session, as
 * Stripe's checkout.session.async_payment_succeeded / _failed webhook makes the store do.
 */
export async function finishTestDelayedPayment(options: {
  db: Database;
  sessionId: string;
  outcome: "succeeded" | "failed";
}): Promise<void> {
  const [answered] = await options.db
    .update(testPaymentSession)
    .set({ delayedOutcome: options.outcome })
    .where(
      and(eq(testPaymentSession.id, options.sessionId), eq(testPaymentSession.delayedOutcome, "processing")),
    )
    .returning({ id: testPaymentSession.id });
  if (answered) return;
  // the same answer again (a second press, or a retry after the store failed to sync): as Stripe
  // redelivers its webhook, the caller syncs once more, which changes nothing twice
  const session = await getTestCheckoutSession(options);
  if (session?.delayedOutcome !== options.outcome) {
    throw new AppError("payment_not_processing", testCheckoutMessages.notProcessing, 409);
  }
}
