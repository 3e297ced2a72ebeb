import { and, asc, desc, eq, inArray, isNull, not, type SQL, sql } from "drizzle-orm";
import { DELETED_CUSTOMER_LABEL, type OrderStatus } from "../../core/order";
import type { Database } from "../db/client";
import { containsText, listPage } from "../db/list-page";
import { type Order, type OrderItem, order, orderItem, type Refund, refund, user } from "../db/schema";
import { isCheckoutOnly } from "./placed-order";

const ADMIN_ORDERS_PAGE_SIZE = 20;

export interface AdminOrderSearch {
  /** Matched case-insensitively, as a substring, against order number, user id, e-mail and status. */
  query?: string;
  status?: OrderStatus;
  /** Checkouts never taken to the payment page (placed-order.ts) are left out unless asked for. */
  includeCheckouts?: boolean;
}

export type AdminOrder = Order & {
  customerEmail: string | null;
  customerName: string | null;
  items: OrderItem[];
  /** Units ordered, as the cart counts items. */
  itemCount: number;
  /** Money given back, oldest first, with the e-mail of the admin who gave it (null: the store did). */
  refunds: Array<Refund & { createdByEmail: string | null }>;
};

function searchFilters(search: AdminOrderSearch): SQL[] {
  const filters: SQL[] = [];
  const query = search.query?.trim() ?? "";
  // "deleted" finds the orders of deleted accounts, as the list labels them
  const deleted =
    query.length >= 3 && DELETED_CUSTOMER_LABEL.toLowerCase().includes(query.toLowerCase())
      ? [isNull(order.userId)]
      : [];
  const matching = containsText(query, [order.orderNumber, order.userId, user.email, order.status], deleted);
  if (matching) filters.push(matching);
  if (search.status) filters.push(eq(order.status, search.status));
  return filters;
}

/** The WHERE clause of an admin order search (over `order` left-joined to `user`); shared by the CSV export. */
export function adminOrderWhere(search: AdminOrderSearch): SQL | undefined {
  const filters = searchFilters(search);
  if (!search.includeCheckouts) filters.push(not(isCheckoutOnly));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** One page of orders for the admin, newest first, each with its customer and items. */
export async function searchAdminOrders(
  options: { db: Database; page?: number; pageSize?: number } & AdminOrderSearch,
) {
  const { db } = options;
  const { page, limit, offset, pageCount } = listPage(
    options.page,
    options.pageSize ?? ADMIN_ORDERS_PAGE_SIZE,
  );
  const baseFilters = searchFilters(options);
  const baseWhere = baseFilters.length > 0 ? and(...baseFilters) : undefined;

  const [rows, [counts]] = await Promise.all([
    db
      .select({ order, customerEmail: user.email, customerName: user.name })
      .from(order)
      .leftJoin(user, eq(user.id, order.userId))
      .where(adminOrderWhere(options))
      .orderBy(desc(order.createdAt), desc(order.id))
      .limit(limit)
      .offset(offset),
    // one pass counts both what is shown and the checkouts the filter hides
    db
      .select({
        all: sql<number>`count(*)`.mapWith(Number),
        checkouts: sql<number>`count(*) filter (where ${isCheckoutOnly})`.mapWith(Number),
      })
      .from(order)
      .leftJoin(user, eq(user.id, order.userId))
      .where(baseWhere),
  ]);

  const ids = rows.map((row) => row.order.id);
  const [items, refunds] =
    ids.length > 0
      ? await Promise.all([
          db
            .select()
            .from(orderItem)
            .where(inArray(orderItem.orderId, ids))
            .orderBy(asc(orderItem.productName), asc(orderItem.id)),
          db
            .select({ refund, createdByEmail: user.email })
            .from(refund)
            .leftJoin(user, eq(user.id, refund.createdBy))
            .where(inArray(refund.orderId, ids))
            .orderBy(asc(refund.createdAt), asc(refund.id)),
        ])
      : [[], []];
  const refundsByOrder = new Map<string, AdminOrder["refunds"]>();
  for (const row of refunds) {
    const given = { ...row.refund, createdByEmail: row.createdByEmail };
    const list = refundsByOrder.get(row.refund.orderId);
    if (list) list.push(given);
    else refundsByOrder.set(row.refund.orderId, [given]);
  }
  const itemsByOrder = new Map<string, OrderItem[]>();
  for (const item of items) {
    const lines = itemsByOrder.get(item.orderId);
    if (lines) lines.push(item);
    else itemsByOrder.set(item.orderId, [item]);
  }

  const all = counts?.all ?? 0;
  const checkouts = counts?.checkouts ?? 0;
  const total = options.includeCheckouts ? all : all - checkouts;
  const orders: AdminOrder[] = rows.map((row) => {
    const lines = itemsByOrder.get(row.order.id) ?? [];
    return {
      ...row.order,
      customerEmail: row.customerEmail,
      customerName: row.customerName,
      items: lines,
      itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      refunds: refundsByOrder.get(row.order.id) ?? [],
    };
  });
  return {
    orders,
    total,
    /** Checkouts matching the search that the list leaves out (0 when they are included). */
    hiddenCheckouts: options.includeCheckouts ? 0 : checkouts,
    page,
    pageCount: pageCount(total),
  };
}
