import { eq, sql } from "drizzle-orm";
import {
  checkoutMessages,
  flattenAddress,
  type OrderSummary,
  type ShippingDetails,
} from "../../core/checkout";
import { type LineTotals, priceOrder, SHIPPING_METHOD, subtotalCents } from "../../core/pricing";
import type { TaxMode } from "../../core/tax";
import { shippingSchema } from "../../core/validation/shipping-form";
import { AppError, isAppError, parseInput } from "../app-error";
import type { Database } from "../db/client";
import { order, orderItem } from "../db/schema";
import type { Metrics } from "../metrics/metrics";
import type { PaymentProviderId } from "../payments/payment-provider";
import type { Storage } from "../storage/storage";
import { taxForCountry } from "../tax/tax-rates";
import { checkCoupon } from "./check-coupon";
import { type CheckoutLine, priceCheckoutLines } from "./checkout-lines";
import { loadOrderSummary } from "./order-summary";

/**
 * The shipping step (docs/ARCHITECTURE.md#shipping-step): prices the cart from the database and creates the pending
 * order of this checkout, or updates it when the shopper went Back and changed something, so one
 * checkout never makes two orders. Nothing is reserved yet.
 */
export async function prepareOrder(options: PrepareOrderOptions): Promise<OrderSummary> {
  let summary: OrderSummary;
  try {
    summary = await saveOrder(options);
  } catch (error) {
    if (isAppError(error) && (error.code === "not_enough_stock" || error.code === "product_missing")) {
      options.metrics.countCheckout("out_of_stock");
    }
    throw orderFailure(error);
  }
  options.metrics.countCheckout("order_created");
  return summary;
}

/** Refusals about the goods themselves, which the spec words as "Failed to create order: {message}". */
const ORDER_FAILURES = new Set(["product_missing", "not_enough_stock", "order_locked"]);

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

interface PrepareOrderOptions {
  db: Database;
  /** Counts the step's outcome: "order_created", or "out_of_stock". */
  metrics: Pick<Metrics, "countCheckout">;
  storage: Storage;
  userId: string;
  /** The dialog's id for this checkout. */
  checkoutKey: string;
  lines: CheckoutLine[];
  shipping: ShippingDetails;
  couponCode: string;
  paymentMethod: PaymentProviderId;
  /** Whether the prices include VAT (config.pricesIncludeTax). */
  taxMode: TaxMode;
}

async function saveOrder(options: PrepareOrderOptions): Promise<OrderSummary> {
  const { db, userId, checkoutKey } = options;
  if (!/^[\w-]{8,64}$/.test(checkoutKey)) {
    throw new AppError("bad_checkout_key", checkoutMessages.createOrderFailedGeneric);
  }
  const shipping = parseInput(shippingSchema, options.shipping, "shipping_incomplete");
  if (options.lines.length === 0) throw new AppError("cart_empty", checkoutMessages.cartEmpty);

  const priced = await priceCheckoutLines({ db, lines: options.lines });
  const lines = priced.map(({ product, quantity }) => ({ priceCents: product.priceCents, quantity }));
  const subtotal = subtotalCents(lines);
  const applied = options.couponCode.trim()
    ? await checkCoupon({ db, userId, code: options.couponCode, subtotalCents: subtotal })
    : null;
  // the VAT of the shipping address's country, at today's rate: kept on the order from here on
  const tax = await taxForCountry(db, shipping.country, options.taxMode);
  const totals = priceOrder(lines, applied?.coupon ?? null, tax);

  const fields = {
    status: "pending" as const,
    paymentStatus: "pending" as const,
    paymentMethod: options.paymentMethod,
    shippingMethod: SHIPPING_METHOD,
    shippingCents: totals.shippingCents,
    shippingAddress: flattenAddress(shipping),
    shippingNote: shipping.note || null,
    couponId: applied?.coupon.id ?? null,
    couponCode: applied?.coupon.code ?? null,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    pricesIncludeTax: tax.mode === "inclusive",
    taxCountry: tax.country,
    taxRateBasisPoints: tax.rateBasisPoints,
    taxCents: totals.taxCents,
    shippingTaxCents: totals.shipping.taxCents,
    taxSummary: totals.taxSummary,
  };

  const orderId = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(order)
      .values({ userId, checkoutKey, ...fields })
      .onConflictDoUpdate({
        target: [order.userId, order.checkoutKey],
        set: { ...fields, updatedAt: new Date() },
        // once the shopper has gone to pay, this checkout's order is fixed
        setWhere: sql`${order.isReserved} = false and ${order.paymentStatus} = 'pending' and ${order.status} = 'pending'`,
      })
      .returning({ id: order.id });
    if (!saved) throw new AppError("order_locked", checkoutMessages.orderNotPayable, 409);
    await tx.delete(orderItem).where(eq(orderItem.orderId, saved.id));
    await tx.insert(orderItem).values(
      priced.map(({ product, variant, quantity }, index) => ({
        orderId: saved.id,
        productId: product.id,
        variantId: variant.id,
        productName: product.name,
        size: variant.size,
        productImage: product.images[0] ?? null,
        priceCents: product.priceCents,
        quantity,
        ...lineTaxColumns(totals.lines[index]!),
      })),
    );
    return saved.id;
  });

  const summary = await loadOrderSummary({ db, storage: options.storage, orderId });
  if (!summary) throw new Error(`order ${orderId} vanished after it was saved`);
  return summary;
}
