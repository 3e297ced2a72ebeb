import { EyeIcon, PencilIcon, TriangleAlertIcon } from "lucide-react";
import { Fragment } from "react";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  adminStatusTone,
  canTrack,
  DELETED_CUSTOMER_LABEL,
  extractZip,
  paymentStatusLabel,
  paymentStatusTone,
} from "../../../../core/order";
import type { AdminOrderView } from "../../../../server/orders/admin-order.view";
import { AdminCardField, AdminCardTable } from "../admin-card-table";
import { DateTime } from "../admin-date-time";
import { TrackPackageIconLink } from "./order-tracking";

/**
 * The e-mail when known, otherwise "User ID: " and the first 8 characters of the id
 * (docs/SPEC.md#admin-orders); "Deleted customer" once the account was deleted.
 */
function customerLabel(order: Pick<AdminOrderView, "customerEmail" | "userId">): string {
  if (order.userId === null) return DELETED_CUSTOMER_LABEL;
  return order.customerEmail ?? `User ID: ${order.userId.slice(0, 8)}`;
}

/** An order of the list and what its View and Edit buttons call. */
interface OrderItemProps {
  order: AdminOrderView;
  onView: (id: string) => void;
  onEdit: (id: string) => void;
}

/** The status badge, and a link to the postal service's page once the parcel can be tracked. */
function OrderStatusMarks({ order }: { order: AdminOrderView }) {
  return (
    <>
      <StatusBadge status={order.status} tone={adminStatusTone(order.status)} />
      {/* a delayed payment holds stock but is not paid: the admin must not ship it yet */}
      {order.paymentStatus === "processing" ? (
        <StatusBadge
          status={order.paymentStatus}
          label={paymentStatusLabel(order.paymentStatus)}
          tone={paymentStatusTone(order.paymentStatus)}
        />
      ) : null}
      {order.trackingHref && canTrack(order) ? (
        <TrackPackageIconLink href={order.trackingHref} orderNumber={order.orderNumber} />
      ) : null}
    </>
  );
}

/** "Needs attention:" and why (the table row, the card and the details dialog say it alike). */
export function AttentionReason({ reason }: { reason: string | null }) {
  return (
    <>
      <span className="font-semibold text-amber-200">Needs attention:</span> {reason}
    </>
  );
}

const HEADERS = ["Order", "Customer", "Status", "Total", "Date", "Items", "Shipping", "Actions"];

export function OrderTable({
  orders,
  onView,
  onEdit,
}: {
  orders: AdminOrderView[];
  onView: (id: string) => void;
  onEdit: (id: string) => void;
}) {
  return (
    // a table where the eight columns fit, a list of cards on narrower screens
    <AdminCardTable
      headers={HEADERS}
      alignRight={["Actions"]}
      cardsClassName="@container"
      cards={orders.map((order) => (
        <OrderCard key={order.id} order={order} onView={onView} onEdit={onEdit} />
      ))}
      rows={orders.map((order) => <OrderRow key={order.id} order={order} onView={onView} onEdit={onEdit} />)}
    />
  );
}

function OrderRow({ order, onView, onEdit }: OrderItemProps) {
  const money = useMoney(order.currency);
  const needsAttention = Boolean(order.attentionReason);
  // an order that needs attention is tinted, marked on its left edge, and says why in a row of its own
  const attentionTint =
    needsAttention && "bg-amber-400/[0.06] shadow-[inset_3px_0_0_0_var(--color-amber-400)]";
  return (
    <Fragment>
      <tr
        className={cn("border-t align-top transition-colors hover:bg-muted/30", attentionTint)}
        data-attention={needsAttention || undefined}
      >
        <td className="whitespace-nowrap py-3 pr-2.5 pl-4">
          <span className="whitespace-nowrap font-mono font-semibold">{order.orderNumber}</span>
          {needsAttention ? (
            <TriangleAlertIcon className="ml-1.5 inline size-4 align-[-3px] text-amber-300" aria-hidden />
          ) : null}
        </td>
        <td className="max-w-40 px-2.5 py-3">
          <span className="block truncate" title={customerLabel(order)}>
            {customerLabel(order)}
          </span>
          {order.customerName ? (
            <span className="block truncate text-muted-foreground text-xs">{order.customerName}</span>
          ) : null}
        </td>
        <td className="px-2.5 py-3">
          <div className="flex items-center gap-1">
            <OrderStatusMarks order={order} />
          </div>
        </td>
        <td className="whitespace-nowrap px-2.5 py-3 font-semibold tabular-nums">
          {money(order.totalCents)}
        </td>
        <td className="px-2.5 py-3">
          <DateTime iso={order.createdAt} layout="stacked" />
        </td>
        <td className="px-2.5 py-3 tabular-nums">{order.itemCount}</td>
        <td className="px-2.5 py-3">
          <ShippingSummary order={order} />
        </td>
        <td className="py-3 pr-4 pl-2.5">
          <OrderActions order={order} onView={onView} onEdit={onEdit} className="justify-end" />
        </td>
      </tr>
      {needsAttention ? (
        <tr className={cn(attentionTint)}>
          <td colSpan={HEADERS.length} className="px-4 pb-3 text-amber-100/90 text-sm">
            <AttentionReason reason={order.attentionReason} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/** "✓ Address" with the ZIP, or "No address"; the shipping cost under it when there is one. */
function ShippingSummary({ order }: { order: AdminOrderView }) {
  const money = useMoney(order.currency);
  const zip = extractZip(order.shippingAddress);
  return (
    <>
      {order.shippingAddress.trim() ? (
        <span className="whitespace-nowrap text-emerald-300">
          ✓ Address{zip ? <span className="ml-1.5 font-mono text-foreground">{zip}</span> : null}
        </span>
      ) : (
        <span className="text-muted-foreground">No address</span>
      )}
      {order.shippingCents > 0 ? (
        <span className="block text-muted-foreground text-xs tabular-nums">
          {money(order.shippingCents)} shipping
        </span>
      ) : null}
    </>
  );
}

function OrderActions({ order, onView, onEdit, className }: OrderItemProps & { className?: string }) {
  return (
    <div className={cn("flex gap-1.5", className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onView(order.id)}
        aria-label={`View order ${order.orderNumber}`}
      >
        <EyeIcon /> View
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onEdit(order.id)}
        aria-label={`Edit order ${order.orderNumber}`}
      >
        <PencilIcon /> Edit
      </Button>
    </div>
  );
}

/** The same facts as a table row, stacked, for screens too narrow for eight columns. */
function OrderCard({ order, onView, onEdit }: OrderItemProps) {
  const money = useMoney(order.currency);
  const needsAttention = Boolean(order.attentionReason);
  return (
    <li
      className={cn(
        "rounded-xl border p-4",
        needsAttention
          ? "border-amber-400/50 bg-amber-400/[0.06] shadow-[inset_3px_0_0_0_var(--color-amber-400)]"
          : "bg-card/60",
      )}
      data-attention={needsAttention || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="font-mono font-semibold">{order.orderNumber}</span>
          <OrderStatusMarks order={order} />
        </div>
        <span className="font-semibold tabular-nums">{money(order.totalCents)}</span>
      </div>
      {needsAttention ? (
        <p className="mt-2 flex items-start gap-1.5 text-amber-100/90 text-sm">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
          <span>
            <AttentionReason reason={order.attentionReason} />
          </span>
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm @lg:grid-cols-[minmax(0,2fr)_auto_auto_minmax(0,1.3fr)]">
        <div className="col-span-2 min-w-0 @lg:col-span-1">
          <dt className="text-muted-foreground text-xs">Customer</dt>
          <dd className="truncate" title={customerLabel(order)}>
            {customerLabel(order)}
          </dd>
          {order.customerName ? (
            <dd className="truncate text-muted-foreground text-xs">{order.customerName}</dd>
          ) : null}
        </div>
        <AdminCardField label="Date">
          <DateTime iso={order.createdAt} layout="stacked" />
        </AdminCardField>
        <AdminCardField label="Items" valueClassName="tabular-nums">
          {order.itemCount}
        </AdminCardField>
        <AdminCardField label="Shipping" className="col-span-2 @lg:col-span-1">
          <ShippingSummary order={order} />
        </AdminCardField>
      </dl>
      <OrderActions order={order} onView={onView} onEdit={onEdit} className="mt-4 border-t pt-3" />
    </li>
  );
}
