import { and, desc, eq, inArray } from "drizzle-orm";
import {
  checkoutMessages,
  flattenAddress,
  type OrderSummary,
  type ShippingDetails,
} from "../../core/checkout";
import { SHIPPING_METHOD } from "../../core/delivery";
import { type LineTotals, priceOrder, subtotalCents } from "../../core/pricing";
import type { TaxMode } from "../../core/tax";
import { shippingSchema } from "../../core/validation/shipping-form";
import { AppError, isAppError, parseInput } from "../app-error";
import { user } from "../db/auth-schema";
import { order, orderItem } from "../db/schema";
import type { Services } from "../services";
import { taxForCountry } from "../tax/tax-rates";
import { checkCoupon } from "./check-coupon";
import { type CheckoutLine, priceCheckoutLines } from "./checkout-lines";
import { loadOrderSummary } from "./order-summary";
import { releaseOrder } from "./settle-order";
import { syncPaymentSession } from "./sync-payment";

type PrepareServices = Pick<
  Services,
  "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics"
>;

interface PrepareOrderOptions {
  services: PrepareServices;
  userId: string;
  lines: CheckoutLine[];
  shipping: ShippingDetails;
  couponCode: string;
  /** Whether the prices include VAT (config.pricesIncludeTax). */
  taxMode: TaxMode;
}

/**
 * The shipping step (docs/ARCHITECTURE.md#shipping-step): prices the cart from the database and
 * saves it as the customer's one open checkout. A customer never holds two payable unpaid orders:
 * their open checkout is updated (lines, address, coupon), and one whose payment page is open is
 * taken back first (the page is expired at the provider, its hold given back). Nothing is reserved.
 */
export async function prepareOrder(options: PrepareOrderOptions): Promise<OrderSummary> {
  const { metrics } = options.services;
  let summary: OrderSummary;
  try {
    summary = await saveOrder(options);
  } catch (error) {
    if (isAppError(error) && (error.code === "not_enough_stock" || error.code === "product_missing")) {
      metrics.countCheckout("out_of_stock");
    }
    throw orderFailure(error);
  }
  metrics.countCheckout("order_created");
  return summary;
}

/** Refusals about the goods themselves, which the spec words as "Failed to create order: {message}". */
const ORDER_FAILURES = new Set(["product_missing", "not_enough_stock"]);

function orderFailure(error: unknown): unknown {
  if (!isAppError(error) || !ORDER_FAILURES.has(error.code)) return error;
  const message = checkoutMessages.createOrderFailed(error.userMessage);
  return new AppError(error.code, message, error.status, { cause: error });
}

function lineTaxColumns(line: LineTotals) {
  return {
    discountCents: line.discountCents,
    netCents: line.netCents,
    taxCents: line.taxCents,
    taxRateBasisPoints: line.rateBasisPoints,
  };
}

/** The customer's unpaid orders that are still payable or may become so. */
const openOrdersOf = (userId: string) =>
  and(eq(order.userId, userId), eq(order.status, "pending"), eq(order.paymentStatus, "pending"));

async function saveOrder(options: PrepareOrderOptions): Promise<OrderSummary> {
  const { services, userId } = options;
  const { db } = services;
  const shipping = parseInput(shippingSchema, options.shipping, "shipping_incomplete");
  if (options.lines.length === 0) throw new AppError("cart_empty", checkoutMessages.cartEmpty);

  const priced = await priceCheckoutLines({ db, lines: options.lines });
  const lines = priced.map(({ priceCents, quantity }) => ({ priceCents, quantity }));
  const subtotal = subtotalCents(lines);
  const applied = options.couponCode.trim()
    ? await checkCoupon({
        db,
        userId,
        code: options.couponCode,
        subtotalCents: subtotal,
        money: services.config,
      })
    : null;
  // the VAT of the shipping address's country, at today's rate: kept on the order from here on
  const tax = await taxForCountry(db, shipping.country, options.taxMode);
  const totals = priceOrder(lines, applied?.coupon ?? null, tax);

  const awaitingBank = await takeBackPaymentPages(services, userId);

  const fields = {
    status: "pending" as const,
    paymentStatus: "pending" as const,
    paymentMethod: services.payments.id,
    shippingMethod: SHIPPING_METHOD,
    shippingCents: totals.shippingCents,
    shippingAddress: flattenAddress(shipping),
    shippingNote: shipping.note || null,
    couponId: applied?.coupon.id ?? null,
    couponCode: applied?.coupon.code ?? null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    currency: services.config.currency,
    pricesIncludeTax: tax.mode === "inclusive",
    taxCountry: tax.country,
    taxRateBasisPoints: tax.rateBasisPoints,
    taxCents: totals.taxCents,
    shippingTaxCents: totals.shipping.taxCents,
    taxSummary: totals.taxSummary,
  };

  const orderId = await db.transaction(async (tx) => {
    // one customer's checkouts one at a time: two tabs pressing Continue at once make one order
    const [customer] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!customer) throw new AppError("order_not_found", checkoutMessages.signInRequired, 401);
    const open = await tx
      .select({ id: order.id, isReserved: order.isReserved })
      .from(order)
      .where(openOrdersOf(userId))
      .orderBy(desc(order.createdAt), desc(order.id))
      .for("update");
    // Pay was pressed in another tab after the pages were taken back: that payment goes ahead
    if (open.some((row) => row.isReserved && !awaitingBank.has(row.id))) {
      throw new AppError("order_locked", checkoutMessages.payingElsewhere, 409);
    }
    const [current, ...older] = open.filter((row) => !row.isReserved);
    if (older.length > 0) {
      // from before one checkout per customer: they hold nothing, so closing them gives nothing back
      await tx
        .update(order)
        .set({ status: "cancelled", paymentStatus: "cancelled" })
        .where(
          inArray(
            order.id,
            older.map((row) => row.id),
          ),
        );
    }
    let saved: string;
    if (current) {
      await tx
        .update(order)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(order.id, current.id));
      await tx.delete(orderItem).where(eq(orderItem.orderId, current.id));
      saved = current.id;
    } else {
      const [inserted] = await tx
        .insert(order)
        .values({ userId, ...fields })
        .returning({ id: order.id });
      if (!inserted) throw new Error("the order was not inserted");
      saved = inserted.id;
    }
    await tx.insert(orderItem).values(
      priced.map(({ product, variant, color, quantity, priceCents }, index) => ({
        orderId: saved,
        productId: product.id,
        variantId: variant.id,
        productName: product.name,
        size: variant.size,
        // the colour as sold, and its picture: renaming or retiring it never rewrites the order
        color: color?.name ?? null,
        productImage: color?.images[0] ?? product.images[0] ?? null,
        priceCents,
        quantity,
        ...lineTaxColumns(totals.lines[index]!),
      })),
    );
    return saved;
  });

  const summary = await loadOrderSummary({ db, storage: services.storage, orderId });
  if (!summary) throw new Error(`order ${orderId} vanished after it was saved`);
  return summary;
}

/**
 * Makes the customer's open checkouts editable again: a payment page still open is expired at the
 * provider first (so it can no longer be paid), then its hold is given back and the page recorded
 * as replaced. A page paid before it could be expired is settled as usual and stops this checkout
 * (the customer is told, so nothing is bought twice by accident); one completed by a delayed method
 * that has not confirmed yet stays with its order, which is then no longer an open checkout: their
 * ids are returned. Runs outside any transaction: the provider is called.
 */
async function takeBackPaymentPages(services: PrepareServices, userId: string): Promise<Set<string>> {
  const { db, payments } = services;
  const held = await db
    .select({
      id: order.id,
      orderNumber: order.orderNumber,
      paymentSessionId: order.paymentSessionId,
    })
    .from(order)
    .where(and(openOrdersOf(userId), eq(order.isReserved, true)));
  const awaitingBank = new Set<string>();
  for (const row of held) {
    const sessionId = row.paymentSessionId;
    if (sessionId) {
      await payments.expireSession(sessionId);
      const session = await payments.retrieveSession(sessionId);
      if (session.status === "complete") {
        const { outcome } = await syncPaymentSession({ services, sessionId });
        if (outcome === "paid" || outcome === "already-settled") {
          throw new AppError("paid_meanwhile", checkoutMessages.paidMeanwhile(row.orderNumber), 409);
        }
        awaitingBank.add(row.id);
        continue;
      }
      if (session.status === "open") {
        throw new Error(`payment session ${sessionId} of order ${row.id} is still open after it was expired`);
      }
    }
    // a hold without a page is a Pay on its way in another tab (or a process that stopped): this
    // newer checkout wins, and that Pay finds its order changed and says so
    await releaseOrder({
      db,
      metrics: services.metrics,
      config: services.config,
      orderId: row.id,
      outcome: "retry",
      sessionId,
    });
  }
  return awaitingBank;
}
