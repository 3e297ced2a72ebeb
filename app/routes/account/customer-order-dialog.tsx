import { CopyIcon, ExternalLinkIcon, FileTextIcon, MapPinIcon, TruckIcon } from "lucide-react";
import { Link } from "react-router";
import { OrderDocuments } from "~/components/order-documents";
import { OrderTotals } from "~/components/order-totals";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useMoney } from "~/lib/money";
import { toast } from "~/lib/toast";
import { CustomerStatusBadge } from "~/routes/account/customer-status-badge";
import { OrderDate } from "~/routes/account/order-date";
import { OrderReturns, OrderWithdrawal } from "~/routes/account/order-returns";
import { OrderSection } from "~/routes/account/order-section";
import { PendingOrderPanel } from "~/routes/account/pending-order-actions";
import { canTrack, REFUND_BUSINESS_DAYS } from "../../../core/order";
import { colorSlug, variantLabel } from "../../../core/product";
import type { CustomerOrder } from "../../../server/orders/list-customer-orders";

const PAYMENT_LABELS: Record<CustomerOrder["paymentStatus"], string> = {
  paid: "Paid",
  pending: "Awaiting payment",
  processing: "Processing, waiting for your bank to confirm",
  failed: "Failed",
  cancelled: "Cancelled",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};

async function copyTrackingCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success("Tracking code copied to clipboard");
  } catch {
    toast.error("Could not copy the tracking code. Please select it and copy it by hand.");
  }
}

function PackageTracking({ order }: { order: CustomerOrder }) {
  const { trackingCode } = order;
  const trackable = canTrack(order) && order.trackingUrl;
  return (
    <OrderSection
      id="tracking-heading"
      title="Package Tracking"
      icon={TruckIcon}
      box="card"
      headingClassName="mb-3"
    >
      {trackingCode ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-muted-foreground text-xs">Tracking Code</p>
            <div className="flex items-center gap-1">
              <code className="break-all font-mono text-sm" data-testid="tracking-code">
                {trackingCode}
              </code>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                onClick={() => copyTrackingCode(trackingCode)}
                aria-label="Copy tracking code"
                title="Copy tracking code"
              >
                <CopyIcon />
              </Button>
            </div>
          </div>
          {trackable && (
            <Button asChild variant="accent" size="sm" className="self-start sm:self-auto">
              <a href={order.trackingUrl ?? undefined} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon /> Track Package
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          )}
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {order.status !== "cancelled"
            ? "Tracking information will appear here once your order ships."
            : order.paymentStatus === "cancelled" || order.paymentStatus === "failed"
              ? "This order was cancelled before it was paid. Nothing was charged."
              : "This order was cancelled, so there is no package to track."}
        </p>
      )}
    </OrderSection>
  );
}

function OrderItems({ order }: { order: CustomerOrder }) {
  const money = useMoney(order.currency);
  return (
    <OrderSection id="items-heading" title="Items" headingClassName="mb-2">
      <ul className="divide-y border-y">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3" data-testid="order-item">
            <ProductImage
              image={item.image}
              alt={item.productName}
              sizes="48px"
              className="w-12 shrink-0 rounded-md border [&_svg]:size-6"
            />
            <div className="min-w-0 flex-1">
              {item.productId ? (
                <Link
                  to={`/products/${item.productId}?${new URLSearchParams(item.color ? { color: colorSlug(item.color), size: item.size } : { size: item.size })}`}
                  className="font-medium text-sm underline-offset-4 hover:underline"
                >
                  {item.productName}
                </Link>
              ) : (
                <p className="font-medium text-sm">
                  {item.productName}
                  <span className="block font-normal text-muted-foreground text-xs">No longer available</span>
                </p>
              )}
              <p className="text-muted-foreground text-xs">
                {variantLabel(item.size, item.color)} · {item.quantity} × {money(item.priceCents)}
              </p>
            </div>
            <p className="shrink-0 font-medium text-sm">{money(item.priceCents * item.quantity)}</p>
          </li>
        ))}
      </ul>
    </OrderSection>
  );
}

function OrderSummary({ order }: { order: CustomerOrder }) {
  const money = useMoney(order.currency);
  return (
    <OrderTotals totals={order} currency={order.currency}>
      {order.refund && (
        <div className="flex justify-between gap-4 text-red-300" data-testid="order-refund">
          <dt>
            Refunded {money(order.refund.amountCents)} on <OrderDate iso={order.refund.createdAt} />
          </dt>
          <dd>−{money(order.refund.amountCents)}</dd>
        </div>
      )}
    </OrderTotals>
  );
}

/** The customer's view of one order: status, tracking, items and what was paid. */
export function OrderDetailsDialog({
  order,
  onOpenChange,
}: {
  order: CustomerOrder | null;
  onOpenChange: (open: boolean) => void;
}) {
  const money = useMoney(order?.currency);
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      {order && (
        <DialogContent width="2xl" className="gap-5!">
          <DialogHeader className="pr-8">
            <div className="flex flex-wrap items-center gap-3">
              <DialogTitle>Order {order.orderNumber}</DialogTitle>
              <CustomerStatusBadge order={order} />
            </div>
            <DialogDescription>
              <span className="block">
                Placed on <OrderDate iso={order.createdAt} withTime />
              </span>
              <span className="block">Payment: {PAYMENT_LABELS[order.paymentStatus]}</span>
              {order.paymentMethodLabel && (
                <span className="block" data-testid="payment-method">
                  {order.paymentStatus === "processing" ? "Paying with" : "Paid with"}{" "}
                  {order.paymentMethodLabel}
                </span>
              )}
            </DialogDescription>
          </DialogHeader>
          {/* always mounted: it tells the customer how Cancel order went after the order changed */}
          <PendingOrderPanel order={order} />
          {order.awaitingPayment ? null : <PackageTracking order={order} />}
          {order.refund && (
            <p className="rounded-lg border border-red-400/30 bg-red-400/5 px-4 py-3 text-sm">
              Refunded {money(order.refund.amountCents)} on <OrderDate iso={order.refund.createdAt} />. The
              money goes back to your original payment method within {REFUND_BUSINESS_DAYS} business days.
            </p>
          )}
          <OrderItems order={order} />
          <OrderSummary order={order} />
          {order.documents.length > 0 ? (
            <OrderSection
              id="documents-heading"
              title="Documents"
              icon={FileTextIcon}
              headingClassName="mb-2"
            >
              <OrderDocuments documents={order.documents} />
            </OrderSection>
          ) : null}
          <OrderReturns order={order} />
          <OrderWithdrawal order={order} />
          <OrderSection
            id="address-heading"
            title="Shipping Address"
            icon={MapPinIcon}
            headingClassName="mb-1"
            className="text-sm"
          >
            <p className="whitespace-pre-line text-muted-foreground">{order.shippingAddress}</p>
          </OrderSection>
        </DialogContent>
      )}
    </Dialog>
  );
}
