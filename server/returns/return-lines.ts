// What the returns code reads about an order: its lines with what is already in a return, and
// whether the order may be returned at all (docs/RETURNS.md#eligibility).
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { CLOSED_UNSUCCESSFUL_STATES, returnMessages, returnWindowEnd } from "../../core/returns";
import type { Config } from "../config";
import type { Database, Transaction } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { qualified } from "../db/qualified";
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

/**
 * Units of an order line held by returns that are open or done (not rejected, not cancelled), for
 * the line whose id is `orderItemId`. Qualified throughout: it is read inside other queries.
 */
export function heldUnits(orderItemId: SQL) {
  const closed = sql.join(
    CLOSED_UNSUCCESSFUL_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  return sql<number>`(select coalesce(sum(${qualified(returnItem, returnItem.quantity)}), 0)::int
    from ${returnItem} inner join ${returnRequest}
      on ${qualified(returnRequest, returnRequest.id)} = ${qualified(returnItem, returnItem.returnId)}
    where ${qualified(returnItem, returnItem.orderItemId)} = ${orderItemId}
      and ${qualified(returnRequest, returnRequest.state)} not in (${closed}))`;
}

/** What may still be returned of a line of `quantity` units when `held` of them are in returns. */
export function returnableUnits(quantity: number, held: number): number {
  return Math.max(0, quantity - held);
}

/** An order's lines as the customer sees them: by product name, then size (then id, to be stable). */
export const lineDisplayOrder = sql`${qualified(orderItem, orderItem.productName)}, ${qualified(orderItem, orderItem.size)}, ${qualified(orderItem, orderItem.id)}`;

const returnableLines = preparedPerDatabase((db) =>
  db
    .select({
      item: orderItem,
      held: heldUnits(qualified(orderItem, orderItem.id)),
      finalSale: product.finalSale,
    })
    .from(orderItem)
    .leftJoin(product, eq(product.id, orderItem.productId))
    .where(sql`${orderItem.orderId} = any(${sql.placeholder("orderIds")}::uuid[])`)
    .orderBy(lineDisplayOrder)
    .prepare("returnable_lines"),
);

/** An order's lines, in display order, with what may still be returned of each. */
export async function loadReturnableLines(
  db: Reader,
  orderIds: readonly string[],
): Promise<ReturnableLine[]> {
  if (orderIds.length === 0) return [];
  const rows = await returnableLines(db).execute({ orderIds });
  return rows.map((row) => ({
    item: row.item,
    held: row.held,
    returnable: returnableUnits(row.item.quantity, row.held),
    // a product deleted since keeps no flag: its line may be returned for a refund
    finalSale: row.finalSale ?? false,
  }));
}

/** Why a line cannot be chosen, or null. */
export function lineBlocker(line: Pick<ReturnableLine, "finalSale" | "returnable">): string | null {
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

/** A size an order line may be exchanged for. */
export interface ExchangeSize {
  variantId: string;
  size: string;
  stock: number;
}

/**
 * The sizes each order line may be exchanged for, by order item id: the same product in the same
 * colour (docs/ARCHITECTURE.md#colours), another size, on sale and in stock. A line whose size was
 * deleted since, of a product in colours, has no colour to match and is offered none.
 */
export async function exchangeSizes(
  db: Reader,
  items: readonly Pick<OrderItem, "id" | "productId" | "variantId" | "size" | "color">[],
): Promise<Map<string, ExchangeSize[]>> {
  const productIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const variantIds = items.flatMap((item) => (item.variantId ? [item.variantId] : []));
  if (productIds.length === 0) return new Map(items.map((item) => [item.id, []]));
  const [sizes, sold] = await Promise.all([
    db
      .select({
        productId: productVariant.productId,
        colorId: productVariant.colorId,
        variantId: productVariant.id,
        size: productVariant.size,
        stock: productVariant.stock,
      })
      .from(productVariant)
      .where(
        and(
          inArray(productVariant.productId, productIds),
          isNull(productVariant.retiredAt),
          sql`${productVariant.stock} > 0`,
        ),
      )
      .orderBy(asc(productVariant.productId), asc(productVariant.position)),
    variantIds.length > 0
      ? db
          .select({ id: productVariant.id, colorId: productVariant.colorId })
          .from(productVariant)
          .where(inArray(productVariant.id, variantIds))
      : [],
  ]);
  const colorOf = new Map(sold.map((row) => [row.id, row.colorId]));
  return new Map(
    items.map((item) => {
      // the colour of the size sold: null for a product without colours
      const colorId = item.variantId ? colorOf.get(item.variantId) : item.color === null ? null : undefined;
      const offered = sizes
        .filter(
          (size) =>
            size.productId === item.productId &&
            colorId !== undefined &&
            size.colorId === colorId &&
            size.size !== item.size,
        )
        .map(({ variantId, size, stock }) => ({ variantId, size, stock }));
      return [item.id, offered];
    }),
  );
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
