import { EyeIcon, PencilIcon, TriangleAlertIcon } from "lucide-react";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ResponsiveImage } from "../../../core/images";
import { formatUsd } from "../../../core/money";
import { adminStatusTone, canTrack, extractZip } from "../../../core/order";
import { DateTime } from "./order-date-time";
import { TrackPackageIconLink } from "./order-tracking";

export interface AdminOrderItemView {
  id: string;
  /** Null once the product was deleted: the line keeps its snapshot but links nowhere. */
  productId: string | null;
  name: string;
  image: ResponsiveImage | null;
  priceCents: number;
  quantity: number;
}

/** What the admin screens get of an order (dates as ISO strings). */
export interface AdminOrderView {
  id: string;
  orderNumber: string;
  userId: string;
  customerEmail: string | null;
  customerName: string | null;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  shippingMethod: string;
  shippingCents: number;
  shippingAddress: string;
  shippingNote: string | null;
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  trackingCode: string | null;
  /** The postal service's page for the tracking code, when there is one. */
  trackingHref: string | null;
  attentionReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  itemCount: number;
  items: AdminOrderItemView[];
}

/** The e-mail when known, otherwise "User ID: " and the first 8 characters of the id (spec §2). */
export function customerLabel(order: Pick<AdminOrderView, "customerEmail" | "userId">): string {
  return order.customerEmail ?? `User ID: ${order.userId.slice(0, 8)}`;
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
    <div className="overflow-x-auto rounded-xl border bg-card/60">
      <table className="w-full min-w-[880px] text-left text-sm">
        <thead className="border-b text-muted-foreground text-xs uppercase tracking-wider">
          <tr>
            {HEADERS.map((header) => (
              <th
                key={header}
                scope="col"
                className={cn(
                  "whitespace-nowrap px-4 py-3 font-medium",
                  header === "Actions" && "text-right",
                )}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} onView={onView} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderRow({
  order,
  onView,
  onEdit,
}: {
  order: AdminOrderView;
  onView: (id: string) => void;
  onEdit: (id: string) => void;
}) {
  const zip = extractZip(order.shippingAddress);
  const needsAttention = Boolean(order.attentionReason);
  return (
    <tr
      className={cn(
        "align-top transition-colors hover:bg-muted/30",
        needsAttention && "bg-amber-400/[0.06] shadow-[inset_3px_0_0_0_var(--color-amber-400)]",
      )}
      data-attention={needsAttention || undefined}
    >
      <td className="px-4 py-3">
        <span className="font-mono font-semibold">{order.orderNumber}</span>
        {needsAttention ? (
          <p className="mt-1.5 flex max-w-56 items-start gap-1.5 text-amber-200 text-xs">
            <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden />
            <span>
              <span className="font-semibold">Needs attention:</span> {order.attentionReason}
            </span>
          </p>
        ) : null}
      </td>
      <td className="max-w-56 px-4 py-3">
        <span className="block truncate" title={customerLabel(order)}>
          {customerLabel(order)}
        </span>
        {order.customerName ? (
          <span className="block truncate text-muted-foreground text-xs">{order.customerName}</span>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-1">
          <StatusBadge status={order.status} tone={adminStatusTone(order.status)} />
          {order.trackingHref && canTrack(order) ? (
            <TrackPackageIconLink href={order.trackingHref} orderNumber={order.orderNumber} />
          ) : null}
        </div>
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-semibold tabular-nums">
        {formatUsd(order.totalCents)}
      </td>
      <td className="px-4 py-3">
        <DateTime iso={order.createdAt} layout="stacked" />
      </td>
      <td className="px-4 py-3 tabular-nums">{order.itemCount}</td>
      <td className="px-4 py-3">
        {order.shippingAddress.trim() ? (
          <span className="whitespace-nowrap text-emerald-300">
            ✓ Address{zip ? <span className="ml-1.5 font-mono text-foreground">{zip}</span> : null}
          </span>
        ) : (
          <span className="text-muted-foreground">No address</span>
        )}
        {order.shippingCents > 0 ? (
          <span className="block text-muted-foreground text-xs tabular-nums">
            {formatUsd(order.shippingCents)} shipping
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
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
      </td>
    </tr>
  );
}
