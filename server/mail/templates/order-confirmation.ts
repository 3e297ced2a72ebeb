import type { OrderSummary } from "../../../core/checkout";
import { formatMoney } from "../../../core/money";
import { sizedName } from "../../../core/product";
import type { Seller } from "../../../core/seller";
import { vatRowLabel } from "../../../core/tax";
import { WITHDRAWAL_PERIOD_DAYS } from "../../../core/withdrawal";
import { WITHDRAW_LINK_LABEL, WITHDRAWAL_PATHS } from "../../../core/withdrawal-link";
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
  /** The store's locale (STORE_LOCALE); the amounts are in the order's currency. */
  locale: string;
  shippingDays: string;
}): RenderedEmail {
  const { storeName, order } = options;
  // the order's own currency: an order placed before the store changed currency keeps its own
  const money = (cents: number) => formatMoney(cents, { currency: order.currency, locale: options.locale });
  // the same row as the success page and My Orders: added VAT is summed, included VAT follows the total
  const vat = order.tax && { label: vatRowLabel(order.tax), value: money(order.taxCents) };
  const rows = [
    ...order.lines.map((line) => ({
      label: `${sizedName(line.name, line.size, line.color)} × ${line.quantity}`,
      value: money(line.lineTotalCents),
    })),
    { label: "Subtotal", value: money(order.subtotalCents) },
    { label: `Shipping (${order.shippingMethod})`, value: money(order.shippingCents) },
    ...(order.discountCents > 0
      ? [
          {
            label: `Discount${order.couponCode ? ` (${order.couponCode})` : ""}`,
            value: `-${money(order.discountCents)}`,
          },
        ]
      : []),
    ...(vat && order.tax?.mode === "exclusive" ? [vat] : []),
    { label: "Total paid", value: money(order.totalCents), strong: true },
    ...(vat && order.tax?.mode === "inclusive" ? [vat] : []),
  ];
  const address = order.shippingAddress.split("\n");

  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Your ${storeName} order ${order.orderNumber} is confirmed`,
    preheader: `Order ${order.orderNumber} confirmed: ${money(order.totalCents)}.`,
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
