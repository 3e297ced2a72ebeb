import type { OrderSummary } from "../../../core/checkout";
import { formatUsd } from "../../../core/money";
import { sizedName } from "../../../core/product";
import type { Seller } from "../../../core/seller";
import { vatRowLabel } from "../../../core/tax";
import { WITHDRAW_LINK_LABEL, WITHDRAWAL_PATHS, WITHDRAWAL_PERIOD_DAYS } from "../../../core/withdrawal";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** Sent once, when an order's payment has been confirmed. */
export function orderConfirmationEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
  order: OrderSummary;
  shippingDays: string;
}): RenderedEmail {
  const { storeName, order } = options;
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

  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Your ${storeName} order ${order.orderNumber} is confirmed`,
    preheader: `Order ${order.orderNumber} confirmed: ${formatUsd(order.totalCents)}.`,
    body: [
      mail.heading("Thank you for your order", {
        eyebrow: `Order ${order.orderNumber}`,
        text: `ORDER ${order.orderNumber} CONFIRMED`,
      }),
      mail.greeting(options.name),
      mail.paragraph(
        `Thank you for your order ${order.orderNumber}. Your payment went through and we are preparing your parcel.`,
      ),
      mail.amountRows(rows, { separator: ": " }),
      // one line in the HTML, the postal lines as they are in the text
      {
        ...mail.paragraph(`Shipping to: ${address.join(", ")}`),
        text: ["Shipping to:", ...address].join("\n"),
      },
      mail.paragraph(
        `${order.shippingMethod} shipping: ${options.shippingDays}. You will get a tracking code as soon as it ships.`,
        { muted: true },
      ),
      mail.button(joinUrl(options.publicUrl, "/account/orders"), "View My Orders"),
      mail.divider(),
      // the right of withdrawal, where the consumer reads the contract's confirmation (Art. 8(7) CRD)
      mail.paragraph(
        `You may withdraw from this purchase within ${WITHDRAWAL_PERIOD_DAYS} days of receiving your parcel, without giving any reason, and before it ships at any time. Our withdrawal instructions explain how and include the model withdrawal form; the quickest way is the withdrawal function on our website.`,
        { muted: true },
      ),
      mail.plainLink("Withdrawal instructions:", joinUrl(options.publicUrl, WITHDRAWAL_PATHS.instructions)),
      mail.plainLink(`${WITHDRAW_LINK_LABEL}:`, joinUrl(options.publicUrl, WITHDRAWAL_PATHS.withdraw)),
    ],
  });
}
