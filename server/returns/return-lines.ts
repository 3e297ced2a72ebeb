// What the returns code reads about an order: its lines with what is already in a return, and
// whether the order may be returned at all (docs/RETURNS.md#eligibility).
import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { CLOSED_UNSUCCESSFUL_STATES, returnMessages, returnWindowEnd } from "../../core/returns";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/client";
import {
  type Order,
  type OrderItem,
  orderItem,
  product,
  productVariant,
  returnItem,
  returnRequest,
} from "../db/schema";

type Reader = Database | Transaction;

export interface ReturnableLine {
  item: OrderItem;
  /** Units held by returns that are open or done (not rejected, not cancelled). */
  held: number;
  returnable: number;
  finalSale: boolean;
}

/** An order's lines, in display order, with what may still be returned of each. */
export async function loadReturnableLines(
  db: Reader,
  orderIds: readonly string[],
): Promise<ReturnableLine[]> {
  if (orderIds.length === 0) return [];
  const held = db
    .select({
      orderItemId: returnItem.orderItemId,
      units: sql<number>`sum(${returnItem.quantity})::int`.as("units"),
    })
    .from(returnItem)
    .innerJoin(returnRequest, eq(returnRequest.id, returnItem.returnId))
    .where(
      and(
        inArray(returnRequest.orderId, [...orderIds]),
        notInArray(returnRequest.state, [...CLOSED_UNSUCCESSFUL_STATES]),
      ),
    )
    .groupBy(returnItem.orderItemId)
    .as("held");
  const rows = await db
    .select({ item: orderItem, held: held.units, finalSale: product.finalSale })
    .from(orderItem)
    .leftJoin(held, eq(held.orderItemId, orderItem.id))
    .leftJoin(product, eq(product.id, orderItem.productId))
    .where(inArray(orderItem.orderId, [...orderIds]))
    .orderBy(asc(orderItem.productName), asc(orderItem.size), asc(orderItem.id));
  return rows.map((row) => {
    const units = row.held ?? 0;
    return {
      item: row.item,
      held: units,
      returnable: Math.max(0, row.item.quantity - units),
      // a product deleted since keeps no flag: its line may be returned for a refund
      finalSale: row.finalSale ?? false,
    };
  });
}

/** Why a line cannot be chosen, or null. */
export function lineBlocker(line: ReturnableLine): string | null {
  if (line.finalSale) return returnMessages.finalSale;
  if (line.returnable === 0) return returnMessages.allReturned;
  return null;
}

/** "Mar 5, 2026" in the store's locale and zone. */
function storeDate(config: Pick<Config, "locale" | "timeZone">, value: Date): string {
  return new Intl.DateTimeFormat(config.locale, {
    timeZone: config.timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(value);
}

export type OrderReturnability =
  | { ok: true; windowEndsAt: Date }
  /** quiet: nothing to say to the customer (returns are not offered for such an order at all). */
  | { ok: false; message: string; quiet: boolean };

/** Whether an order may be returned now, leaving its lines aside. */
export function orderReturnability(
  row: Pick<Order, "status" | "paymentStatus" | "paymentMethod" | "deliveredAt">,
  config: Pick<Config, "returnWindowDays" | "locale" | "timeZone">,
  now: Date,
): OrderReturnability {
  if (config.returnWindowDays === 0) return { ok: false, message: returnMessages.returnsOff, quiet: true };
  if (row.status !== "delivered" || !row.deliveredAt) {
    return { ok: false, message: returnMessages.notDelivered, quiet: true };
  }
  if (row.paymentStatus !== "paid" && row.paymentStatus !== "partially_refunded") {
    return { ok: false, message: returnMessages.notPaid, quiet: true };
  }
  if (row.paymentMethod === REPLACEMENT_PAYMENT_METHOD) {
    return { ok: false, message: returnMessages.replacement, quiet: false };
  }
  const windowEndsAt = returnWindowEnd(row.deliveredAt, config.returnWindowDays);
  if (now > windowEndsAt) {
    return {
      ok: false,
      message: returnMessages.windowClosed(config.returnWindowDays, storeDate(config, windowEndsAt)),
      quiet: false,
    };
  }
  return { ok: true, windowEndsAt };
}

/** The payment method of an exchange's replacement order: nothing was charged. */
export const REPLACEMENT_PAYMENT_METHOD = "exchange";

/** The sizes of these products on sale and in stock, in display order. */
export async function sizesInStock(
  db: Reader,
  productIds: readonly string[],
): Promise<Array<{ productId: string; variantId: string; size: string; stock: number }>> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productVariant.productId,
      variantId: productVariant.id,
      size: productVariant.size,
      stock: productVariant.stock,
    })
    .from(productVariant)
    .where(
      and(
        inArray(productVariant.productId, [...productIds]),
        isNull(productVariant.retiredAt),
        sql`${productVariant.stock} > 0`,
      ),
    )
    .orderBy(asc(productVariant.productId), asc(productVariant.position));
}

/** A return's lines with the order lines they come from (an admin's steps and the refund's amount read them). */
export async function loadReturnItems(tx: Reader, returnId: string) {
  return tx
    .select({ ret: returnItem, line: orderItem })
    .from(returnItem)
    .innerJoin(orderItem, eq(orderItem.id, returnItem.orderItemId))
    .where(eq(returnItem.returnId, returnId))
    .orderBy(orderItem.productName, orderItem.size);
}
