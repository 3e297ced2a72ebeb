import type { OrderSummary } from "../../../core/checkout";
import { formatUsd } from "../../../core/money";
import { sizedName } from "../../../core/product";
import { vatRowLabel } from "../../../core/tax";
import {
  joinUrl,
  type RenderedEmail,
  renderAmountRows,
  renderButton,
  renderHeading,
  renderLayout,
  renderParagraph,
} from "../layout";

/** Sent once, when an order's payment has been confirmed. */
export function orderConfirmationEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
  order: OrderSummary;
  shippingDays: string;
}): RenderedEmail {
  const { storeName, order } = options;
  const ordersUrl = joinUrl(options.publicUrl, "/account/orders");
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const intro = `Thank you for your order ${order.orderNumber}. Your payment went through and we are preparing your parcel.`;
  const delivery = `${order.shippingMethod} shipping: ${options.shippingDays}. You will get a tracking code as soon as it ships.`;
  // the same row as the success page and My Orders: added VAT is summed, included VAT follows the total
  const vat = order.tax && { label: vatRowLabel(order.tax), value: formatUsd(order.taxCents) };
  const rows = [
    ...order.lines.map((line) => ({
      label: `${sizedName(line.name, line.size)} × ${line.quantity}`,
      value: formatUsd(line.lineTotalCents),
    })),
    { label: "Subtotal", value: formatUsd(order.subtotalCents) },
    { label: `Shipping (${order.shippingMethod})`, value: formatUsd(order.shippingCents) },
    ...(order.discountCents > 0
      ? [
          {
            label: `Discount${order.couponCode ? ` (${order.couponCode})` : ""}`,
            value: `-${formatUsd(order.discountCents)}`,
          },
        ]
      : []),
    ...(vat && order.tax?.mode === "exclusive" ? [vat] : []),
    { label: "Total paid", value: formatUsd(order.totalCents), strong: true },
    ...(vat && order.tax?.mode === "inclusive" ? [vat] : []),
  ];
  const address = order.shippingAddress.split("\n");

  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `Order ${order.orderNumber} confirmed: ${formatUsd(order.totalCents)}.`,
    bodyHtml: [
      renderHeading("Thank you for your order", { eyebrow: `Order ${order.orderNumber}` }),
      renderParagraph(greeting),
      renderParagraph(intro),
      renderAmountRows(rows),
      renderParagraph(`Shipping to: ${address.join(", ")}`),
      renderParagraph(delivery, { muted: true }),
      renderButton(ordersUrl, "View My Orders"),
    ].join("\n"),
    bodyText: [
      `ORDER ${order.orderNumber} CONFIRMED`,
      "",
      greeting,
      "",
      intro,
      "",
      ...rows.map((row) => `${row.label}: ${row.value}`),
      "",
      "Shipping to:",
      ...address,
      "",
      delivery,
      "",
      `View My Orders: ${ordersUrl}`,
    ].join("\n"),
  });
  return { subject: `Your ${storeName} order ${order.orderNumber} is confirmed`, html, text };
}
