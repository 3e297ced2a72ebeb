import { ArrowRightIcon, type LucideIcon, PackageCheckIcon, ShoppingBagIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/status-badge";
import { useDateFormat } from "~/lib/date-format";
import { Money } from "~/lib/money";
import { plural } from "~/lib/plural";
import { cn } from "~/lib/utils";
import {
  adminStatusTone,
  DELETED_CUSTOMER_LABEL,
  ORDER_STATUSES,
  type OrderStatus,
} from "../../../../core/order";

/** A titled card of the dashboard; `action` is a link in its corner. */
export function DashboardPanel({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    // min-w-0: a grid item would otherwise grow to its longest e-mail address
    <section className={cn("min-w-0 rounded-xl border bg-card/60 p-4 sm:p-5", className)}>
      <header className="mb-4 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-semibold text-lg">{title}</h2>
          {description ? <p className="mt-0.5 text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A small "View all →" link for a panel's corner. */
export function PanelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded-sm text-accent text-sm hover:underline underline-offset-4"
    >
      {children} <ArrowRightIcon className="size-3.5" aria-hidden />
    </Link>
  );
}

/** One headline figure: its label, the amount (and the amount without VAT) and a line under it. */
export function SalesFigure({
  label,
  value,
  net,
  detail,
  icon: Icon,
}: {
  label: string;
  value: string;
  /** The same amount without the VAT in it. */
  net?: string;
  detail: string;
  icon: LucideIcon;
}) {
  return (
    <div className="rounded-xl border bg-card/60 p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-muted-foreground text-sm">
        <Icon className="size-4 shrink-0 text-accent" aria-hidden /> {label}
      </dt>
      <dd className="mt-2 font-bold font-display text-2xl tabular-nums tracking-tight xl:text-3xl">
        {value}
      </dd>
      {net ? (
        <dd className="mt-0.5 text-sm tabular-nums">
          {net} <span className="text-muted-foreground">net of VAT</span>
        </dd>
      ) : null}
      <dd className="mt-1 text-muted-foreground text-xs">{detail}</dd>
    </div>
  );
}

const STATUS_BAR: Record<OrderStatus, string> = {
  pending: "bg-orange-400/70",
  processing: "bg-yellow-400/70",
  shipped: "bg-sky-500/70",
  delivered: "bg-emerald-500/70",
  cancelled: "bg-red-500/70",
};

/** Count per status with a bar of its share; each row opens the orders list filtered by it. */
export function OrdersByStatus({
  counts,
  openCheckouts,
}: {
  counts: Record<OrderStatus, number>;
  openCheckouts: number;
}) {
  const total = ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return (
    <>
      <ul className="space-y-1">
        {ORDER_STATUSES.map((status) => {
          const count = counts[status];
          return (
            <li key={status}>
              <Link
                to={`/admin/orders?status=${status}`}
                className="group block rounded-md px-2 py-2 hover:bg-secondary/60"
              >
                <span className="flex items-center justify-between gap-3">
                  <StatusBadge status={status} tone={adminStatusTone(status)} />
                  <span className="font-semibold tabular-nums">
                    {count}
                    <span className="sr-only"> {count === 1 ? "order" : "orders"}</span>
                  </span>
                </span>
                <span className="mt-2 block h-1.5 overflow-hidden rounded-full bg-secondary" aria-hidden>
                  <span
                    className={cn("block h-full rounded-full", STATUS_BAR[status])}
                    style={{ width: `${total > 0 ? (count / total) * 100 : 0}%` }}
                  />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 border-t pt-3 text-muted-foreground text-xs">
        {openCheckouts > 0 ? (
          <>
            Not counted:{" "}
            <Link
              to="/admin/orders?status=pending&checkouts=show"
              className="text-foreground underline underline-offset-4 hover:text-accent"
            >
              {plural(openCheckouts, "open checkout")}
            </Link>{" "}
            (not taken to payment yet).
          </>
        ) : (
          "Checkouts not taken to payment yet are not counted."
        )}
      </p>
    </>
  );
}

export interface LatestOrder {
  id: string;
  orderNumber: string;
  customerEmail: string | null;
  status: OrderStatus;
  totalCents: number;
  /** The order's currency; the store's when the dashboard does not say. */
  currency?: string;
  createdAt: string;
}

export function LatestOrders({ orders }: { orders: LatestOrder[] }) {
  const format = useDateFormat();
  if (orders.length === 0) {
    return <EmptyPanel icon={ShoppingBagIcon} text="No orders yet. New orders will appear here." />;
  }
  return (
    <ul className="-mx-2 divide-y divide-border/70">
      {orders.map((order) => (
        <li key={order.id}>
          <Link
            to={`/admin/orders?q=${encodeURIComponent(order.orderNumber)}`}
            className="flex items-center gap-3 rounded-md px-2 py-3 hover:bg-secondary/60"
          >
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium font-mono text-sm">{order.orderNumber}</span>
                <StatusBadge status={order.status} tone={adminStatusTone(order.status)} />
              </span>
              <span className="mt-1 block truncate text-muted-foreground text-sm">
                {order.customerEmail ?? DELETED_CUSTOMER_LABEL}
              </span>
            </span>
            <span className="shrink-0 text-right">
              <span className="block font-semibold tabular-nums">
                <Money cents={order.totalCents} currency={order.currency} />
              </span>
              <time
                dateTime={order.createdAt}
                className="mt-1 block whitespace-nowrap text-muted-foreground text-xs"
              >
                {format.dateTime(order.createdAt)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function LowStockList({ products }: { products: { id: string; name: string; stock: number }[] }) {
  if (products.length === 0) {
    return <EmptyPanel icon={PackageCheckIcon} text="Every product has 5 or more in stock." />;
  }
  return (
    <ul className="-mx-2 grid sm:grid-cols-2 sm:gap-x-6">
      {products.map((product) => (
        <li key={product.id} className="border-border/70 border-b">
          <Link
            to={`/admin/products?q=${encodeURIComponent(product.name)}`}
            className="flex items-center justify-between gap-3 rounded-md px-2 py-2.5 hover:bg-secondary/60"
          >
            <span className="min-w-0 truncate text-sm">{product.name}</span>
            {product.stock === 0 ? (
              <span className="shrink-0 rounded-full border border-red-500/30 bg-red-500/15 px-2.5 py-0.5 font-semibold text-red-300 text-xs">
                Sold out
              </span>
            ) : (
              <span className="shrink-0 rounded-full border border-amber-400/30 bg-amber-400/15 px-2.5 py-0.5 font-semibold text-amber-200 text-xs tabular-nums">
                {product.stock} left
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function EmptyPanel({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
      <Icon className="size-8 text-muted-foreground" strokeWidth={1.4} aria-hidden />
      <p className="text-muted-foreground text-sm">{text}</p>
    </div>
  );
}
