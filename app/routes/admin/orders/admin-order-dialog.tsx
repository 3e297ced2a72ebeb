import { ExternalLinkIcon, MapPinIcon, PencilIcon, TriangleAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { OrderDocuments } from "~/components/order-documents";
import { ProductImage } from "~/components/product-image";
import { StatusBadge } from "~/components/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { DetailRow, DetailSection } from "~/routes/admin/detail-section";
import {
  adminStatusTone,
  DELETED_CUSTOMER_LABEL,
  extractZip,
  paymentStatusLabel,
  paymentStatusTone,
} from "../../../../core/order";
import { variantLabel } from "../../../../core/product";
import { formatRate, vatLabel } from "../../../../core/tax";
import type { AdminOrderView } from "../../../../server/orders/admin-order.view";
import { DateTime } from "../admin-date-time";
import { AttentionReason } from "./order-table";

const PAYMENT_METHODS: Record<string, string> = {
  test: "Built-in test checkout",
  stripe: "Stripe Checkout",
};

/** Everything about one order: status, customer, payment, shipping, items and totals. */
export function OrderDetailsDialog({
  order,
  trackingService,
  onClose,
  onEdit,
}: {
  order: AdminOrderView | null;
  /** "Deutsche Post", or the host of a configured tracking page. */
  trackingService: string;
  onClose: () => void;
  onEdit: (id: string) => void;
}) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl" className="gap-6!">
        {order ? <Details order={order} trackingService={trackingService} onEdit={onEdit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Details({
  order,
  trackingService,
  onEdit,
}: {
  order: AdminOrderView;
  trackingService: string;
  onEdit: (id: string) => void;
}) {
  const zip = extractZip(order.shippingAddress);
  const money = useMoney(order.currency);
  return (
    <>
      <DialogHeader className="pr-8">
        <DialogTitle className="flex flex-wrap items-center gap-3">
          Order <span className="font-mono">{order.orderNumber}</span>
          <StatusBadge status={order.status} tone={adminStatusTone(order.status)} />
        </DialogTitle>
        <DialogDescription>
          Placed <DateTime iso={order.createdAt} />
        </DialogDescription>
      </DialogHeader>

      {order.attentionReason ? (
        <div
          role="note"
          className="flex items-start gap-2.5 rounded-lg border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden />
          <p>
            <AttentionReason reason={order.attentionReason} />
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <DetailSection title="Order">
          <dl>
            <DetailRow label="Status">
              <StatusBadge status={order.status} tone={adminStatusTone(order.status)} />
            </DetailRow>
            <DetailRow label="Created">
              <DateTime iso={order.createdAt} />
            </DetailRow>
            <DetailRow label="Updated">
              <DateTime iso={order.updatedAt} />
            </DetailRow>
            <DetailRow label="Tracking">
              {order.trackingCode ? (
                <span className="font-mono">{order.trackingCode}</span>
              ) : (
                <span className="text-muted-foreground">Not yet shipped</span>
              )}
            </DetailRow>
          </dl>
          {order.trackingHref ? (
            <a
              href={order.trackingHref}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-3 w-full")}
            >
              Track on {trackingService} <ExternalLinkIcon aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </DetailSection>

        <DetailSection title="Customer">
          <dl>
            <DetailRow label="Email">
              {order.customerEmail ? (
                <a href={`mailto:${order.customerEmail}`} className="underline-offset-4 hover:underline">
                  {order.customerEmail}
                </a>
              ) : (
                <span className="text-muted-foreground">
                  {order.userId === null ? DELETED_CUSTOMER_LABEL : "Unknown"}
                </span>
              )}
            </DetailRow>
            {order.customerName ? <DetailRow label="Name">{order.customerName}</DetailRow> : null}
            <DetailRow label="Phone">
              <span className="text-muted-foreground">Not provided</span>
            </DetailRow>
            {order.userId ? (
              <DetailRow label="User ID">
                <span className="break-all font-mono text-xs">{order.userId}</span>
              </DetailRow>
            ) : null}
          </dl>
        </DetailSection>

        <DetailSection title="Payment">
          <dl>
            <DetailRow label="Method">
              {PAYMENT_METHODS[order.paymentMethod] ?? order.paymentMethod}
              {order.paymentMethodLabel ? (
                <span className="block" data-testid="payment-method">
                  {order.paymentMethodLabel}
                </span>
              ) : null}
            </DetailRow>
            <DetailRow label="Status">
              <StatusBadge
                status={order.paymentStatus}
                label={paymentStatusLabel(order.paymentStatus)}
                tone={paymentStatusTone(order.paymentStatus)}
              />
            </DetailRow>
            {order.paidAt ? (
              <DetailRow label="Paid">
                <DateTime iso={order.paidAt} />
              </DetailRow>
            ) : null}
            <DetailRow label="Shipping cost">
              <span className="tabular-nums">{money(order.shippingCents)}</span>
            </DetailRow>
          </dl>
          {order.refunds.map((given) => (
            <div
              key={given.id}
              className="mt-3 rounded-md border border-red-400/30 bg-red-400/5 px-3 py-2 text-sm"
              data-testid="order-refund"
            >
              <p className="font-medium">
                Refunded <span className="tabular-nums">{money(given.amountCents)}</span> on{" "}
                <DateTime iso={given.createdAt} />
              </p>
              {order.tax ? (
                <p className="text-muted-foreground text-xs tabular-nums">
                  VAT given back: {money(given.taxCents)}
                </p>
              ) : null}
              <p className="text-muted-foreground text-xs">
                {given.createdByEmail ? `By ${given.createdByEmail}` : "By the store, automatically"} ·{" "}
                {given.reason}
              </p>
              <p
                className="break-all font-mono text-muted-foreground text-xs"
                title="Refund id at the payment provider"
              >
                {given.providerRefundId}
              </p>
            </div>
          ))}
          <OrderDocuments documents={order.documents} className="mt-3" />
        </DetailSection>

        <DetailSection title="Shipping">
          <div className="flex items-start justify-between gap-3">
            {order.shippingAddress.trim() ? (
              <address className="whitespace-pre-line text-sm not-italic leading-relaxed">
                {order.shippingAddress}
              </address>
            ) : (
              <p className="text-muted-foreground text-sm">No address</p>
            )}
            {zip ? (
              <Badge variant="outline" className="shrink-0 font-mono">
                <MapPinIcon className="size-3" aria-hidden /> {zip}
              </Badge>
            ) : null}
          </div>
          <p className="mt-2 text-muted-foreground text-xs">{order.shippingMethod}</p>
          <div className="mt-3 border-t pt-3">
            <h4 className="mb-1 text-muted-foreground text-xs">Delivery notes</h4>
            <p className="whitespace-pre-line break-words text-sm">
              {order.shippingNote?.trim() || <span className="text-muted-foreground">None</span>}
            </p>
          </div>
        </DetailSection>
      </div>

      <DetailSection title={`Items (${order.itemCount})`}>
        {order.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No items.</p>
        ) : (
          <ul className="divide-y">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <ProductImage
                  image={item.image}
                  alt={item.name}
                  sizes="48px"
                  className="w-12 shrink-0 rounded-md"
                />
                <div className="min-w-0 flex-1">
                  {item.productId ? (
                    <Link
                      to={`/products/${item.productId}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {item.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </Link>
                  ) : (
                    <span className="font-medium">
                      {item.name} <span className="text-muted-foreground text-xs">(product deleted)</span>
                    </span>
                  )}
                  <p className="text-muted-foreground text-xs tabular-nums">
                    {variantLabel(item.size, item.color)} · {money(item.priceCents)} × {item.quantity}
                  </p>
                  {order.tax ? <LineTax item={item} currency={order.currency} /> : null}
                  {item.productId ? (
                    <p className="truncate font-mono text-[11px] text-muted-foreground">{item.productId}</p>
                  ) : null}
                </div>
                <span className="font-semibold text-sm tabular-nums">
                  {money(item.priceCents * item.quantity)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-4 border-t pt-3">
          <DetailRow label="Subtotal">
            <span className="tabular-nums">{money(order.subtotalCents)}</span>
          </DetailRow>
          {order.discountCents > 0 ? (
            <DetailRow label={order.couponCode ? `Discount (${order.couponCode})` : "Discount"}>
              <span className="text-emerald-300 tabular-nums">−{money(order.discountCents)}</span>
            </DetailRow>
          ) : null}
          <DetailRow label="Shipping">
            <span className="tabular-nums">{money(order.shippingCents)}</span>
          </DetailRow>
          {order.tax ? (
            <DetailRow label={vatLabel(order.tax.rateBasisPoints, order.tax.countryName)}>
              <span className="tabular-nums">{money(order.taxCents)}</span>{" "}
              <span className="text-muted-foreground text-xs">
                {order.tax.mode === "inclusive" ? "included" : "added"}
              </span>
            </DetailRow>
          ) : null}
          <div className="mt-1 flex items-baseline justify-between border-t pt-2 font-semibold">
            <dt>Total</dt>
            <dd className="text-lg tabular-nums">{money(order.totalCents)}</dd>
          </div>
        </dl>
      </DetailSection>

      {order.tax ? <VatSection order={order} tax={order.tax} /> : null}

      <div className="flex justify-end">
        <Button onClick={() => onEdit(order.id)}>
          <PencilIcon /> Edit Order
        </Button>
      </div>
    </>
  );
}

/** A line's share of the coupon, its amount without VAT and its VAT, as the order was priced. */
function LineTax({ item, currency }: { item: AdminOrderView["items"][number]; currency: string }) {
  const money = useMoney(currency);
  return (
    <p className="text-muted-foreground text-xs tabular-nums" data-testid="order-line-tax">
      {item.discountCents > 0 ? `Coupon −${money(item.discountCents)} · ` : null}
      Net {money(item.netCents)} · VAT {formatRate(item.taxRateBasisPoints)} {money(item.taxCents)}
    </p>
  );
}

/** Where the VAT went and how much per rate: what the One-Stop-Shop return adds up. */
function VatSection({ order, tax }: { order: AdminOrderView; tax: NonNullable<AdminOrderView["tax"]> }) {
  const money = useMoney(order.currency);
  return (
    <DetailSection title="VAT">
      <dl>
        <DetailRow label="Country">
          {tax.countryName} <span className="font-mono text-muted-foreground text-xs">{tax.country}</span>
        </DetailRow>
        <DetailRow label="Prices">
          {tax.mode === "inclusive" ? "Include VAT" : "Exclude VAT (added at checkout)"}
        </DetailRow>
        <DetailRow label="VAT on shipping">
          <span className="tabular-nums">{money(tax.shippingTaxCents)}</span>
        </DetailRow>
        <DetailRow label="Total without VAT">
          <span className="tabular-nums">{money(order.totalCents - order.taxCents)}</span>
        </DetailRow>
      </dl>
      <table className="mt-3 w-full border-t text-sm">
        <caption className="sr-only">VAT per rate</caption>
        <thead className="text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="py-2 text-left font-medium">
              Rate
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Base (net)
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              VAT
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {tax.summary.map((entry) => (
            <tr key={entry.rateBasisPoints} className="border-border/60 border-t">
              <th scope="row" className="py-1.5 text-left font-normal">
                {formatRate(entry.rateBasisPoints)}
              </th>
              <td className="py-1.5 text-right">{money(entry.baseCents)}</td>
              <td className="py-1.5 text-right">{money(entry.taxCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailSection>
  );
}
