import { CircleAlertIcon, EyeIcon, PackageIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NoticePanel } from "~/components/ui/notice-panel";
import { Money } from "~/lib/money";
import { CustomerStatusBadge } from "~/routes/account/customer-status-badge";
import { OrderDate } from "~/routes/account/order-date";
import { CompletePaymentButton } from "~/routes/account/pending-order-actions";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";
import type { Route } from "./+types/account-orders";

// an order's details (Radix Dialog, tracking, documents, returns) load when the customer opens one,
// not with My Orders (docs/PERFORMANCE.md#first-load-javascript)
const loadOrderDetailsDialog = () => import("~/routes/account/customer-order-dialog");
const OrderDetailsDialog = lazy(() =>
  loadOrderDetailsDialog().then((module) => ({ default: module.OrderDetailsDialog })),
);

function OrdersEmpty() {
  return (
    <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-20 text-center">
      <PackageIcon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="font-semibold text-xl">No orders yet</h2>
      <p className="text-muted-foreground">
        When you place an order, it will appear here with its status and tracking.
      </p>
      <Button asChild className="mt-2">
        <Link to="/products">Shop Now</Link>
      </Button>
    </section>
  );
}

function OrdersFailed({ message }: { message: string }) {
  return (
    <NoticePanel icon={CircleAlertIcon} tone="error" iconSize="size-10">
      <p className="font-medium">{message}</p>
    </NoticePanel>
  );
}

function ViewButton({ order, onView }: { order: CustomerOrder; onView: (id: string) => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-haspopup="dialog"
      // fetched as soon as a pointer or the focus is on the button, so the details open at once
      onPointerEnter={loadOrderDetailsDialog}
      onFocus={loadOrderDetailsDialog}
      onClick={() => onView(order.id)}
    >
      <EyeIcon /> View <span className="sr-only">order {order.orderNumber}</span>
    </Button>
  );
}

/** Wide screens: a table with the spec's columns. */
function OrdersTable({ orders, onView }: { orders: CustomerOrder[]; onView: (id: string) => void }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border bg-card/60 sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your orders, newest first</caption>
        <thead className="border-b text-muted-foreground text-xs uppercase tracking-wider">
          <tr>
            <th scope="col" className="px-5 py-3 font-medium">
              Order ID
            </th>
            <th scope="col" className="px-5 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-5 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-5 py-3 text-right font-medium">
              Total
            </th>
            <th scope="col" className="px-5 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {orders.map((order) => (
            <tr key={order.id} data-testid="order-row" className="hover:bg-secondary/40">
              <th scope="row" className="whitespace-nowrap px-5 py-4 font-medium font-mono">
                {order.orderNumber}
              </th>
              <td className="whitespace-nowrap px-5 py-4 text-muted-foreground">
                <OrderDate iso={order.createdAt} />
              </td>
              <td className="px-5 py-4">
                <CustomerStatusBadge order={order} />
              </td>
              <td className="whitespace-nowrap px-5 py-4 text-right font-medium">
                <Money cents={order.totalCents} currency={order.currency} />
              </td>
              <td className="px-5 py-3 text-right">
                <div className="flex items-center justify-end gap-2">
                  {order.awaitingPayment ? <CompletePaymentButton order={order} /> : null}
                  <ViewButton order={order} onView={onView} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order with the same facts. */
function OrderCards({ orders, onView }: { orders: CustomerOrder[]; onView: (id: string) => void }) {
  return (
    <ul className="grid gap-3 sm:hidden">
      {orders.map((order) => (
        <li key={order.id} data-testid="order-card" className="rounded-xl border bg-card/60 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium font-mono">{order.orderNumber}</p>
              <p className="text-muted-foreground text-sm">
                <OrderDate iso={order.createdAt} />
              </p>
            </div>
            <CustomerStatusBadge order={order} />
          </div>
          <div className="mt-3 flex items-center justify-between gap-3 border-t pt-3">
            <p className="font-semibold">
              <Money cents={order.totalCents} currency={order.currency} />
            </p>
            <ViewButton order={order} onView={onView} />
          </div>
          {order.awaitingPayment ? <CompletePaymentButton order={order} className="mt-3 w-full" /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The Orders tab of the account page. */
export function AccountOrders({ result }: { result: Route.ComponentProps["loaderData"] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  // mounted on first use and kept, so the dialog closes as it opened (focus, animation)
  const [viewed, setViewed] = useState(false);
  const view = (id: string) => {
    setViewed(true);
    setOpenId(id);
  };
  if (!result.ok) return <OrdersFailed message={result.message} />;
  const { orders } = result;
  if (orders.length === 0) return <OrdersEmpty />;
  const open = orders.find((order) => order.id === openId) ?? null;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="mb-4 font-semibold text-xl">
        Order History
      </h2>
      <OrdersTable orders={orders} onView={view} />
      <OrderCards orders={orders} onView={view} />
      {viewed && (
        <Suspense fallback={null}>
          <OrderDetailsDialog order={open} onOpenChange={(isOpen) => !isOpen && setOpenId(null)} />
        </Suspense>
      )}
    </section>
  );
}
