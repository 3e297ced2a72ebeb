// What the payment providers told the store, and the built-in test checkout's own sessions and refunds.
import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { belongsTo, instant, timestamps } from "./columns";
import { order } from "./orders";

/** Webhook events already handled: the provider's event id is the key, so a replay is a no-op. */
export const paymentEvent = pgTable("payment_event", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: instant("received_at").notNull().defaultNow(),
});

/**
 * The built-in test checkout's side of a payment (what Stripe would keep on its servers):
 * the hosted page, its amount and line items, and the outcome.
 */
export const testPaymentSession = pgTable("test_payment_session", {
  id: text("id").primaryKey(),
  orderId: belongsTo("order_id", () => order.id),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  lineItems: jsonb("line_items").notNull(),
  customerEmail: text("customer_email").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open → complete | expired */
  status: text("status", { enum: ["open", "complete", "expired"] })
    .notNull()
    .default("open"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  /** "card", or "sepa_debit" for the test SEPA Direct Debit (a delayed method). */
  paymentMethodType: text("payment_method_type", { enum: ["card", "sepa_debit"] }),
  /** The last 4 of the debited IBAN. */
  ibanLast4: text("iban_last4"),
  /**
   * A delayed method's bank answer: processing (complete, unpaid) until the test bank page
   * settles (succeeded) or fails it. Null for a card, which is paid at once.
   */
  delayedOutcome: text("delayed_outcome", { enum: ["processing", "succeeded", "failed"] }),
  declineMessage: text("decline_message"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  expiresAt: instant("expires_at").notNull(),
  ...timestamps,
});

export type TestPaymentSession = typeof testPaymentSession.$inferSelect;

/** The built-in test checkout's refunds, one per idempotency key (what Stripe keeps of a refund). */
export const testPaymentRefund = pgTable("test_payment_refund", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  id: text("id").notNull().unique(),
  sessionId: text("session_id")
    .notNull()
    .references(() => testPaymentSession.id, { onDelete: "cascade" }),
  amountCents: integer("amount_cents").notNull(),
  createdAt: timestamps.createdAt,
});
