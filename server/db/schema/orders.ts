// Orders, their lines, the receipt of their payment, money given back, and the address a customer used last.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, PAYMENT_STATUSES, RECEIPT_STATUSES } from "../../../core/order";
import type { TaxSummaryEntry } from "../../../core/tax";
import { user } from "../auth-schema";
import { product, productVariant } from "./catalog";
import { belongsTo, instant, timestamps, userReference, uuidPrimaryKey } from "./columns";
import { coupon } from "./coupons";

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 10001 });
export const receiptNumberSequence = pgSequence("receipt_number_seq", { startWith: 100001 });

export const order = pgTable(
  "order",
  {
    id: uuidPrimaryKey(),
    orderNumber: text("order_number").notNull().unique().default(sql`'NOC-' || nextval('order_number_seq')`),
    /**
     * The customer; null once they deleted their account (server/account/delete-account.ts): the
     * order stays, as tax law keeps it, detached from the erased person.
     */
    userId: userReference("user_id"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The payment adapter's id: "test" or "stripe" (the method the customer used: payment_method_type). */
    paymentMethod: text("payment_method").notNull(),
    /**
     * The method the customer used, as the provider reports it ("card", "sepa_debit", "ideal"...),
     * and its label ("Visa •••• 4242", core/payment-method.ts); null until the payment page completes.
     */
    paymentMethodType: text("payment_method_type"),
    paymentMethodLabel: text("payment_method_label"),
    shippingMethod: text("shipping_method").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    /** Flattened as the spec says: name, line 1, line 2, "city, state zip", country. */
    shippingAddress: text("shipping_address").notNull(),
    shippingNote: text("shipping_note"),
    couponId: uuid("coupon_id").references(() => coupon.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    /** ISO 4217 (upper case): the store's currency when it was priced; every amount above is in it. */
    currency: text("currency").notNull().default("USD"),
    /** Whether the prices (and shipping) above include VAT (PRICES_INCLUDE_TAX when it was priced). */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(true),
    /** The destination whose VAT applies: the shipping address's country. Null: sold before VAT (0005). */
    taxCountry: text("tax_country"),
    /** The rate that applied, in basis points (1900 = 19 %); kept, so a later rate change rewrites nothing. */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The order's VAT: its lines' and its shipping's. */
    taxCents: integer("tax_cents").notNull().default(0),
    shippingTaxCents: integer("shipping_tax_cents").notNull().default(0),
    /** One entry per rate: { rateBasisPoints, baseCents, taxCents } (core/pricing.ts summarizeTax). */
    taxSummary: jsonb("tax_summary").$type<TaxSummaryEntry[]>().notNull().default([]),
    trackingCode: text("tracking_code"),
    /** The payment page this order can be paid on now; null before Pay and after the page was replaced. */
    paymentSessionId: text("payment_session_id").unique(),
    /**
     * Pages this order was once payable on and no longer is (expired when the checkout was changed or
     * paid again): a payment that still arrives on one is refunded, never applied (settle-order.ts).
     */
    replacedSessionIds: text("replaced_session_ids").array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the customer first reached the payment page. Before that the order is a checkout: not in
     * My Orders, not in the admin's list or counts (server/orders/placed-order.ts).
     */
    paymentStartedAt: instant("payment_started_at"),
    /** True while this order holds its stock and coupon use (from reservation until release). */
    isReserved: boolean("is_reserved").notNull().default(false),
    reservedUntil: instant("reserved_until"),
    paidAt: instant("paid_at"),
    /** When the order last became delivered: the return window counts from it (docs/RETURNS.md). */
    deliveredAt: instant("delivered_at"),
    /** Set when a payment could not be honoured (e.g. stock gone after a late payment). */
    attentionReason: text("attention_reason"),
    ...timestamps,
  },
  (t) => [
    // one open checkout per customer (prepare-order.ts): at most one unpaid order not holding stock
    uniqueIndex("order_open_checkout_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.paymentStatus} = 'pending' and not ${t.isReserved}`),
    index("order_user_idx").on(t.userId, t.createdAt.desc()),
    index("order_created_idx").on(t.createdAt.desc()),
    index("order_status_idx").on(t.status),
    // a delayed payment ("processing") holds its stock (is_reserved) and is not an open checkout
    index("order_reserved_idx")
      .on(t.reservedUntil)
      .where(sql`${t.isReserved} and ${t.paymentStatus} = 'pending'`),
    index("order_paid_at_idx").on(t.paidAt).where(sql`${t.paidAt} is not null`),
    check(
      "order_money_consistent",
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.discountCents} between 0 and ${t.subtotalCents}
        and ${t.taxCents} >= 0 and ${t.shippingTaxCents} between 0 and ${t.taxCents}
        and ${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} - ${t.discountCents}
          + case when ${t.pricesIncludeTax} then 0 else ${t.taxCents} end`,
    ),
    index("order_tax_country_paid_idx").on(t.taxCountry, t.paidAt).where(sql`${t.paidAt} is not null`),
  ],
);

export type Order = typeof order.$inferSelect;

export const orderItem = pgTable(
  "order_item",
  {
    id: uuidPrimaryKey(),
    orderId: belongsTo("order_id", () => order.id),
    // a deleted product leaves its snapshot behind
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** The size as it was sold, kept if the size is later renamed or removed. */
    size: text("size").notNull(),
    /** The colour's name as it was sold ("Black"); null for a product without colours. */
    color: text("color"),
    productImage: text("product_image"),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** This line's share of the order's coupon (core/pricing.ts). */
    discountCents: integer("discount_cents").notNull().default(0),
    /** Without VAT, after the discount. */
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull().default(0),
  },
  (t) => [
    index("order_item_order_idx").on(t.orderId),
    index("order_item_product_idx").on(t.productId),
    index("order_item_variant_idx").on(t.variantId),
    check("order_item_quantity_positive", sql`${t.quantity} > 0`),
    check("order_item_price_nonnegative", sql`${t.priceCents} >= 0`),
    check(
      "order_item_money_consistent",
      sql`${t.discountCents} between 0 and ${t.priceCents} * ${t.quantity} and ${t.netCents} >= 0 and ${t.taxCents} >= 0`,
    ),
  ],
);

export type OrderItem = typeof orderItem.$inferSelect;

export const couponUsage = pgTable(
  "coupon_usage",
  {
    id: uuidPrimaryKey(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupon.id),
    // null once the customer deleted their account: the use stays with its (kept) order
    userId: userReference("user_id"),
    // one usage per order: a replayed fulfilment cannot count twice
    orderId: belongsTo("order_id", () => order.id).unique(),
    discountCents: integer("discount_cents").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("coupon_usage_coupon_idx").on(t.couponId)],
);

export const receipt = pgTable(
  "receipt",
  {
    id: uuidPrimaryKey(),
    receiptNumber: text("receipt_number")
      .notNull()
      .unique()
      .default(sql`'RCT-' || nextval('receipt_number_seq')`),
    // one receipt per paid order
    orderId: belongsTo("order_id", () => order.id).unique(),
    billingEmail: text("billing_email").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The method used ("card", "sepa_debit"...) and its label ("SEPA Direct Debit •••• 3000"). */
    paymentMethodType: text("payment_method_type"),
    paymentMethodLabel: text("payment_method_label"),
    amountCents: integer("amount_cents").notNull(),
    /** The VAT the provider reports it charged (Stripe: total_details.amount_tax); null: none reported. */
    taxCents: integer("tax_cents"),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: RECEIPT_STATUSES }).notNull().default("completed"),
    /** What the provider said about the charge, kept verbatim for support. */
    providerData: jsonb("provider_data"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("receipt_created_idx").on(t.createdAt.desc())],
);

export type Receipt = typeof receipt.$inferSelect;

/**
 * Money given back for an order through the payment provider (docs/ARCHITECTURE.md#refunds). The
 * idempotency key is unique, so a repeated action records (and asks the provider for) one refund.
 */
export const refund = pgTable(
  "refund",
  {
    id: uuidPrimaryKey(),
    orderId: belongsTo("order_id", () => order.id),
    amountCents: integer("amount_cents").notNull(),
    /** The VAT given back with it, in proportion to the order's (core/tax.ts refundTaxCents). */
    taxCents: integer("tax_cents").notNull().default(0),
    reason: text("reason").notNull(),
    /** The provider's id for the refund ("re_..." at Stripe). */
    providerRefundId: text("provider_refund_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The admin who refunded; null when the store refunded on its own (a late payment without stock). */
    createdBy: userReference("created_by"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("refund_order_idx").on(t.orderId),
    check("refund_amount_positive", sql`${t.amountCents} > 0`),
    check("refund_tax_within_amount", sql`${t.taxCents} between 0 and ${t.amountCents}`),
  ],
);

export type Refund = typeof refund.$inferSelect;

/** The last shipping address a customer used, prefilled at the next checkout and editable in /account. */
export const customerAddress = pgTable("customer_address", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2").notNull().default(""),
  city: text("city").notNull(),
  state: text("state").notNull().default(""),
  zipCode: text("zip_code").notNull(),
  country: text("country").notNull(),
  updatedAt: timestamps.updatedAt,
});
