// The admin's list screens' URL states (core/list-query.ts): which parameters each list reads,
// in the order its links write them.

import {
  choiceParam,
  flagParam,
  type ListQueryState,
  listQuery,
  pageParam,
  searchParam,
  textParam,
} from "./list-query";
import { ORDER_STATUSES } from "./order";
import { RETURN_STATES } from "./returns";

/** /admin/orders?q=&status=&checkouts=show&page= */
export const adminOrderList = listQuery("/admin/orders", {
  q: searchParam(),
  status: choiceParam("status", ORDER_STATUSES),
  /** Also show checkouts never taken to the payment page (server/orders/placed-order.ts). */
  checkouts: flagParam("checkouts", "show"),
  page: pageParam(),
});
export type AdminOrderQuery = ListQueryState<typeof adminOrderList>;

/** /admin/returns?q=&state=&page=&return=<id>: `open` is the return whose details are open. */
export const adminReturnList = listQuery("/admin/returns", {
  q: searchParam(),
  state: choiceParam("state", RETURN_STATES),
  page: pageParam(),
  open: textParam("return", 64),
});
export type AdminReturnQuery = ListQueryState<typeof adminReturnList>;

/** /admin/receipts?q=&page= */
export const adminReceiptList = listQuery("/admin/receipts", { q: searchParam(), page: pageParam() });

/** /admin/products?q=&page=: any page number is taken; one past the last shows the last. */
export const adminProductList = listQuery("/admin/products", {
  q: searchParam(),
  page: pageParam(Number.MAX_SAFE_INTEGER),
});
