import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { COUPON_DISCOUNT_TYPES } from "../../core/coupon";
import { ORDER_STATUSES, PAYMENT_STATUSES, RECEIPT_STATUSES } from "../../core/order";
import { RETURN_ITEM_CONDITIONS, RETURN_RESOLUTIONS, RETURN_STATES } from "../../core/returns";
import type { TaxSummaryEntry } from "../../core/tax";
import { user } from "./auth-schema";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    /**
     * The sum of the stock of the product's sizes that are on sale, kept by the database
     * (trigger product_variant_stock_sum, drizzle/0004_sizes.sql); the code never writes it.
     */
    stock: integer("stock").notNull().default(0),
    category: text("category"),
    // ordered image ids (see core/images.ts); the first is the card image
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    /** Final sale: shown in a return request but cannot be chosen (docs/RETURNS.md). */
    finalSale: boolean("final_sale").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("product_price_cents_nonnegative", sql`${t.priceCents} >= 0`),
    // the last line of defence against overselling: stock can never go below zero
    check("product_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_images_max_5", sql`coalesce(array_length(${t.images}, 1), 0) <= 5`),
    index("product_featured_idx").on(t.featured, t.createdAt.desc().nullsFirst()).where(sql`${t.featured}`),
    index("product_category_idx").on(
      sql`lower(${t.category})`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // the price sorts within a category, read in both directions (docs/PERFORMANCE.md)
    index("product_category_price_idx").on(sql`lower(${t.category})`, t.priceCents, t.id),
    index("product_newest_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("product_price_idx").on(t.priceCents, t.id),
    index("product_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("product_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
  ],
);

export type Product = typeof product.$inferSelect;
export type NewProduct = typeof product.$inferInsert;

/**
 * One size of a product with its own stock (docs/ARCHITECTURE.md#sizes). Writers lock the product row
 * before its sizes (its stock sum is updated by a trigger), so two writers cannot deadlock.
 */
export const productVariant = pgTable(
  "product_variant",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    /** What the shopper picks: "M", "W32", "One Size". */
    size: text("size").notNull(),
    /** Appended to the product's SKU for this size ("PRD-1A2B3C4D-M"); optional. */
    skuSuffix: text("sku_suffix"),
    /** Display order, from 0. */
    position: integer("position").notNull(),
    stock: integer("stock").notNull().default(0),
    /** A size that appears in orders is retired rather than deleted: no longer sold, kept for history. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("product_variant_size_idx").on(t.productId, t.size),
    index("product_variant_product_idx").on(t.productId, t.position),
    // the shop's size filter: products with this size on sale and in stock
    index("product_variant_in_stock_idx")
      .on(t.size, t.productId)
      .where(sql`${t.stock} > 0 and ${t.retiredAt} is null`),
    // the last line of defence against overselling: stock can never go below zero
    check("product_variant_stock_nonnegative", sql`${t.stock} >= 0`),
    check("product_variant_size_length", sql`length(${t.size}) between 1 and 20`),
  ],
);

export type ProductVariant = typeof productVariant.$inferSelect;

/** Images uploaded by an admin; a row lives until the image is attached to a product or swept after 24 h. */
export const mediaUpload = pgTable(
  "media_upload",
  {
    imageId: text("image_id").primaryKey(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("media_upload_created_idx").on(t.createdAt)],
);

export const coupon = pgTable(
  "coupon",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored upper-case; unique. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    discountType: text("discount_type", { enum: COUPON_DISCOUNT_TYPES }).notNull(),
    /** Percentage coupons: hundredths of a percent (1250 = 12.5 %). Null for fixed coupons. */
    percentBasisPoints: integer("percent_basis_points"),
    /** Fixed coupons: the amount off in cents. Null for percentage coupons. */
    amountOffCents: integer("amount_off_cents"),
    minimumOrderCents: integer("minimum_order_cents").notNull().default(0),
    /** Null: unlimited. */
    usageLimit: integer("usage_limit"),
    /** Redemptions currently held by pending or paid orders (see server/checkout). */
    usageCount: integer("usage_count").notNull().default(0),
    /** Null: never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("coupon_code_upper", sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
    check(
      "coupon_discount_shape",
      sql`(${t.discountType} = 'percentage' and ${t.percentBasisPoints} between 1 and 10000 and ${t.amountOffCents} is null)
        or (${t.discountType} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentBasisPoints} is null)`,
    ),
    check("coupon_minimum_nonnegative", sql`${t.minimumOrderCents} >= 0`),
    check("coupon_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} >= 1`),
    // no limit check here: an admin may lower a limit below the uses already made
    check("coupon_usage_count_nonnegative", sql`${t.usageCount} >= 0`),
    index("coupon_created_idx").on(t.createdAt.desc()),
  ],
);

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 10001 });
export const receiptNumberSequence = pgSequence("receipt_number_seq", { startWith: 100001 });
export const rmaNumberSequence = pgSequence("rma_number_seq", { startWith: 5001 });

export const order = pgTable(
  "order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique().default(sql`'NOC-' || nextval('order_number_seq')`),
    /**
     * The customer; null once they deleted their account (server/account/delete-account.ts): the
     * order stays, as tax law keeps it, detached from the erased person.
     */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The payment adapter's id: "test" or "stripe". */
    paymentMethod: text("payment_method").notNull(),
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
    paymentStartedAt: timestamp("payment_started_at", { withTimezone: true }),
    /** True while this order holds its stock and coupon use (from reservation until release). */
    isReserved: boolean("is_reserved").notNull().default(false),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the order last became delivered: the return window counts from it (docs/RETURNS.md). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
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

export const orderItem = pgTable(
  "order_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    // a deleted product leaves its snapshot behind
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** The size as it was sold, kept if the size is later renamed or removed. */
    size: text("size").notNull(),
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

export const couponUsage = pgTable(
  "coupon_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupon.id),
    // null once the customer deleted their account: the use stays with its (kept) order
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // one usage per order: a replayed fulfilment cannot count twice
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => order.id, { onDelete: "cascade" }),
    discountCents: integer("discount_cents").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("coupon_usage_coupon_idx").on(t.couponId)],
);

export const receipt = pgTable(
  "receipt",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    receiptNumber: text("receipt_number")
      .notNull()
      .unique()
      .default(sql`'RCT-' || nextval('receipt_number_seq')`),
    // one receipt per paid order
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => order.id, { onDelete: "cascade" }),
    billingEmail: text("billing_email").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
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

/**
 * Money given back for an order through the payment provider (docs/ARCHITECTURE.md#refunds). The
 * idempotency key is unique, so a repeated action records (and asks the provider for) one refund.
 */
export const refund = pgTable(
  "refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** The VAT given back with it, in proportion to the order's (core/tax.ts refundTaxCents). */
    taxCents: integer("tax_cents").notNull().default(0),
    reason: text("reason").notNull(),
    /** The provider's id for the refund ("re_..." at Stripe). */
    providerRefundId: text("provider_refund_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The admin who refunded; null when the store refunded on its own (a late payment without stock). */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("refund_order_idx").on(t.orderId),
    check("refund_amount_positive", sql`${t.amountCents} > 0`),
    check("refund_tax_within_amount", sql`${t.taxCents} between 0 and ${t.amountCents}`),
  ],
);

/**
 * The VAT rate per destination country (docs/TAX.md), seeded from the sales-tax package at start for
 * any country missing and then the admin's to correct; every change is kept in tax_rate_change.
 */
export const taxRate = pgTable(
  "tax_rate",
  {
    country: text("country").primaryKey(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    /** Where the rate came from: "sales-tax 2.23.0" or "admin". */
    source: text("source").notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [check("tax_rate_in_range", sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** Who changed which rate from what to what, and when: the audit an accountant asks for. */
export const taxRateChange = pgTable(
  "tax_rate_change",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: text("country")
      .notNull()
      .references(() => taxRate.country, { onDelete: "cascade" }),
    previousBasisPoints: integer("previous_basis_points").notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    /** Kept as it was, so the record survives the account. */
    changedByEmail: text("changed_by_email").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("tax_rate_change_created_idx").on(t.createdAt.desc())],
);

/**
 * A payment provider's own object for one of our rates (a Stripe Tax Rate), created once per
 * country, rate and inclusiveness and reused by every session (docs/TAX.md#payments-and-stripe).
 */
export const providerTaxRate = pgTable(
  "provider_tax_rate",
  {
    provider: text("provider").notNull(),
    country: text("country").notNull(),
    rateBasisPoints: integer("rate_basis_points").notNull(),
    inclusive: boolean("inclusive").notNull(),
    providerRateId: text("provider_rate_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.country, t.rateBasisPoints, t.inclusive] })],
);

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

/** Webhook events already handled: the provider's event id is the key, so a replay is a no-op. */
export const paymentEvent = pgTable("payment_event", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test checkout's side of a payment (what Stripe would keep on its servers):
 * the hosted page, its amount and line items, and the outcome.
 */
export const testPaymentSession = pgTable("test_payment_session", {
  id: text("id").primaryKey(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => order.id, { onDelete: "cascade" }),
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
  declineMessage: text("decline_message"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...timestamps,
});

/**
 * One row per background job (server/jobs/scheduler.ts): the process that moves `next_run_at`
 * forward with a conditional UPDATE runs the job, so it runs once per interval however many
 * processes share the database. All times are the database's clock, never a process's.
 */
export const jobRun = pgTable("job_run", {
  name: text("name").primaryKey(),
  /** When the job is due; while a run is under way, the moment another process may take it over. */
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  /** Counts claims; a run's finish only applies while its claim is still the latest. */
  runCount: integer("run_count").notNull().default(0),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }),
  lastFinishedAt: timestamp("last_finished_at", { withTimezone: true }),
  /** "ok" or "failed": how the last finished run ended. */
  lastOutcome: text("last_outcome", { enum: ["ok", "failed"] }),
});

/** Why a customer sends something back: a list kept as data, in display order (docs/RETURNS.md). */
export const returnReason = pgTable("return_reason", {
  code: text("code").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull(),
  /** A reason no longer offered stays for the returns that gave it. */
  isActive: boolean("is_active").notNull().default(true),
});

/**
 * A customer's request to send items of a delivered order back, for a refund or another size
 * (docs/RETURNS.md): requested → approved | rejected | cancelled; approved → received;
 * received → refunded | exchanged.
 */
export const returnRequest = pgTable(
  "return_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rmaNumber: text("rma_number").notNull().unique().default(sql`'RMA-' || nextval('rma_number_seq')`),
    orderId: uuid("order_id")
      .notNull()
      .references(() => order.id, { onDelete: "cascade" }),
    /** The customer who asked; null once they deleted their account (the return stays with the order). */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    state: text("state", { enum: RETURN_STATES }).notNull().default("requested"),
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
  ],
);

/** One order line (some or all of its units) in a return, with the size wanted instead for an exchange. */
export const returnItem = pgTable(
  "return_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequest.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItem.id, { onDelete: "cascade" }),
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

/** Every state a return went through, when and by whom: what the customer and the admin see. */
export const returnEvent = pgTable(
  "return_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequest.id, { onDelete: "cascade" }),
    state: text("state", { enum: RETURN_STATES }).notNull(),
    /** "customer" or "admin"; the actor's e-mail is kept as it was, so the record survives the account. */
    actorRole: text("actor_role", { enum: ["customer", "admin"] }).notNull(),
    actorEmail: text("actor_email"),
    note: text("note"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("return_event_return_idx").on(t.returnId, t.createdAt)],
);

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

export type Coupon = typeof coupon.$inferSelect;
export type Order = typeof order.$inferSelect;
export type OrderItem = typeof orderItem.$inferSelect;
export type Receipt = typeof receipt.$inferSelect;
export type Refund = typeof refund.$inferSelect;
export type TaxRate = typeof taxRate.$inferSelect;
export type ReturnRequest = typeof returnRequest.$inferSelect;
export type ReturnItem = typeof returnItem.$inferSelect;

export * from "./auth-schema";

/** What each queued e-mail is about (for the logs and for finding stuck mail by kind). */
export const EMAIL_KINDS = [
  "password_reset",
  "welcome",
  "order_confirmation",
  "order_shipped",
  "order_refunded",
  "account_deleted",
  "return_update",
] as const;

/**
 * The mail queue, a transactional outbox (docs/decisions/016-mail-queue.md): each e-mail the store
 * must send, rendered when it was queued, written in the same transaction as what it reports and
 * delivered afterwards by server/mail/mail-queue.ts through the Mailer. (Not to be confused with the
 * "outbox" mail driver, which is a transport that writes .eml files.)
 */
export const outgoingEmail = pgTable(
  "outgoing_email",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: timestamps.createdAt,
    /** Delivery attempts started, counted when a worker claims the row (a crashed attempt counts). */
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time: now when queued, later after each failure (exponential back-off). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last failure as the transport reported it (an SMTP reply); never the body. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Given up: a permanent refusal (SMTP 5xx) repeated MAX_PERMANENT_FAILURES times. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /** The worker that holds the row while it sends it, and until when: a crashed worker's lease runs out. */
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [
    // what the workers look for: the rows still to send, by when they are due
    index("outgoing_email_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // the given-up rows, counted at each metrics scrape (server/metrics/metrics.ts)
    index("outgoing_email_failed_idx")
      .on(t.failedAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is not null`),
  ],
);
