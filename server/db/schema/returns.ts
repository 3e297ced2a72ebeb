// Returns and exchanges (docs/RETURNS.md).
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  RETURN_ITEM_CONDITIONS,
  RETURN_KINDS,
  RETURN_RESOLUTIONS,
  RETURN_STATES,
} from "../../../core/returns";
import { WITHDRAWAL_OUTCOMES } from "../../../core/withdrawal";
import { productVariant } from "./catalog";
import { belongsTo, instant, timestamps, userReference, uuidPrimaryKey } from "./columns";
import { order, orderItem, refund } from "./orders";

export const rmaNumberSequence = pgSequence("rma_number_seq", { startWith: 5001 });

/** Why a customer sends something back: a list kept as data, in display order (docs/RETURNS.md). */
export const returnReason = pgTable("return_reason", {
  code: text("code").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull(),
  /** A reason no longer offered stays for the returns that gave it. */
  isActive: boolean("is_active").notNull().default(true),
});

/**
 * A consumer's statement that they withdraw from a contract (Art. 11a CRD; docs/LEGAL.md#withdrawal):
 * recorded exactly as confirmed, with when it was received, in the transaction that queues its
 * acknowledgement. Before shipping it cancels the order; after, it is a return of kind "withdrawal".
 * Kept when the account is deleted, as the order is (the store must be able to show it was honoured).
 */
export const withdrawal = pgTable(
  "withdrawal",
  {
    id: uuidPrimaryKey(),
    orderId: belongsTo("order_id", () => order.id),
    userId: userReference("user_id"),
    /** The confirm form's key: a confirmation sent twice records one statement (per order). */
    requestKey: text("request_key").notNull(),
    consumerName: text("consumer_name").notNull(),
    consumerEmail: text("consumer_email").notNull(),
    /** The statement as the consumer saw it on the "Confirm withdrawal" step. */
    statement: text("statement").notNull(),
    outcome: text("outcome", { enum: WITHDRAWAL_OUTCOMES }).notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
    /** Art. 13 CRD: the refund is due without undue delay and at the latest 14 days after receipt. */
    refundDueAt: instant("refund_due_at").notNull(),
    /** When the money was given back (order cancelled and refunded, or the withdrawal's return refunded). */
    refundedAt: instant("refunded_at"),
  },
  (t) => [
    uniqueIndex("withdrawal_request_idx").on(t.orderId, t.requestKey),
    index("withdrawal_user_idx").on(t.userId),
    index("withdrawal_due_idx").on(t.refundDueAt).where(sql`${t.refundedAt} is null`),
  ],
);

export type Withdrawal = typeof withdrawal.$inferSelect;

/**
 * A customer's request to send items of a delivered order back, for a refund or another size
 * (docs/RETURNS.md): requested → approved | rejected | cancelled; approved → received;
 * received → refunded | exchanged.
 */
export const returnRequest = pgTable(
  "return_request",
  {
    id: uuidPrimaryKey(),
    rmaNumber: text("rma_number").notNull().unique().default(sql`'RMA-' || nextval('rma_number_seq')`),
    orderId: belongsTo("order_id", () => order.id),
    /** The customer who asked; null once they deleted their account (the return stays with the order). */
    userId: userReference("user_id"),
    state: text("state", { enum: RETURN_STATES }).notNull().default("requested"),
    /** "voluntary": the store's own 30-day returns; "withdrawal": the statutory right, never rejected. */
    kind: text("kind", { enum: RETURN_KINDS }).notNull().default("voluntary"),
    /** The statement this return carries out, for kind "withdrawal". */
    withdrawalId: uuid("withdrawal_id").references(() => withdrawal.id, { onDelete: "cascade" }),
    /** Withdrawals: the customer's proof that the goods were sent back (the refund may then go ahead). */
    proofOfSending: text("proof_of_sending"),
    proofOfSendingAt: instant("proof_of_sending_at"),
    resolution: text("resolution", { enum: RETURN_RESOLUTIONS }).notNull(),
    reasonCode: text("reason_code")
      .notNull()
      .references(() => returnReason.code),
    comment: text("comment"),
    /** Why the store refused it; the customer sees it. */
    rejectionReason: text("rejection_reason"),
    /**
     * What the refund gives back and its VAT, fixed (under the order's lock) when an admin first
     * presses Refund, so a retry asks the provider for the same amount under the same key.
     */
    refundCents: integer("refund_cents"),
    refundTaxCents: integer("refund_tax_cents"),
    refundId: uuid("refund_id").references(() => refund.id, { onDelete: "set null" }),
    /** The provider's message when the last refund attempt failed; cleared when it succeeds. */
    refundError: text("refund_error"),
    /** The order that ships the other size, once exchanged. */
    replacementOrderId: uuid("replacement_order_id").references(() => order.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("return_request_order_idx").on(t.orderId),
    index("return_request_user_idx").on(t.userId),
    index("return_request_state_idx").on(t.state, t.createdAt.desc()),
    index("return_request_created_idx").on(t.createdAt.desc()),
    check("return_request_refund_nonnegative", sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
    check(
      "return_request_withdrawal_kind",
      sql`(${t.kind} = 'withdrawal') = (${t.withdrawalId} is not null)`,
    ),
    uniqueIndex("return_request_withdrawal_idx").on(t.withdrawalId),
  ],
);

export type ReturnRequest = typeof returnRequest.$inferSelect;

/** One order line (some or all of its units) in a return, with the size wanted instead for an exchange. */
export const returnItem = pgTable(
  "return_item",
  {
    id: uuidPrimaryKey(),
    returnId: belongsTo("return_id", () => returnRequest.id),
    orderItemId: belongsTo("order_item_id", () => orderItem.id),
    quantity: integer("quantity").notNull(),
    /** Exchanges: the size sent instead (same product), reserved when the return is approved. */
    exchangeVariantId: uuid("exchange_variant_id").references(() => productVariant.id, {
      onDelete: "set null",
    }),
    exchangeSize: text("exchange_size"),
    /** Set when the parcel arrives: sellable units go back to stock, damaged ones do not. */
    condition: text("condition", { enum: RETURN_ITEM_CONDITIONS }),
  },
  (t) => [
    uniqueIndex("return_item_line_idx").on(t.returnId, t.orderItemId),
    index("return_item_order_item_idx").on(t.orderItemId),
    check("return_item_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export type ReturnItem = typeof returnItem.$inferSelect;

/** Every state a return went through, when and by whom: what the customer and the admin see. */
export const returnEvent = pgTable(
  "return_event",
  {
    id: uuidPrimaryKey(),
    returnId: belongsTo("return_id", () => returnRequest.id),
    state: text("state", { enum: RETURN_STATES }).notNull(),
    /** "customer" or "admin"; the actor's e-mail is kept as it was, so the record survives the account. */
    actorRole: text("actor_role", { enum: ["customer", "admin"] }).notNull(),
    actorEmail: text("actor_email"),
    note: text("note"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("return_event_return_idx").on(t.returnId, t.createdAt)],
);
