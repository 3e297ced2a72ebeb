import { sizedName } from "../../../core/product";
import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** Sent when an admin marks an order shipped with a tracking code (or changes the code later). */
export function orderShippedEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
  orderNumber: string;
  trackingCode: string;
  trackingUrl: string;
  /** What is in the parcel. */
  items: readonly { name: string; size: string; color?: string | null; quantity: number }[];
}): RenderedEmail {
  const { storeName, orderNumber, trackingCode } = options;
  const parcel = options.items.map((item) => ({
    label: sizedName(item.name, item.size, item.color),
    value: `× ${item.quantity}`,
  }));
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Your ${storeName} order ${orderNumber} has shipped`,
    preheader: `Order ${orderNumber} has shipped. Tracking code ${trackingCode}.`,
    body: [
      mail.heading("Your order has shipped", { eyebrow: `Order ${orderNumber}` }),
      mail.greeting(options.name),
      mail.paragraph(`Good news: your order ${orderNumber} is on its way.`),
      mail.paragraph(`Tracking code: ${trackingCode}`),
      mail.amountRows(parcel, { separator: " " }),
      mail.button(options.trackingUrl, "Track Package", { pasteLink: true }),
      mail.divider(),
      mail.paragraph("It can take a few hours before the carrier shows the first scan.", { muted: true }),
      mail.plainLink(
        "You can also follow the order from your account:",
        joinUrl(options.publicUrl, "/account/orders"),
      ),
    ],
  });
}
