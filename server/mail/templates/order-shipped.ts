import { sizedName } from "../../../core/product";
import {
  amountRows,
  button,
  composeEmail,
  divider,
  greeting,
  heading,
  paragraph,
  plainLink,
} from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** Sent when an admin marks an order shipped with a tracking code (or changes the code later). */
export function orderShippedEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
  orderNumber: string;
  trackingCode: string;
  trackingUrl: string;
  /** What is in the parcel. */
  items: readonly { name: string; size: string; quantity: number }[];
}): RenderedEmail {
  const { storeName, orderNumber, trackingCode } = options;
  const parcel = options.items.map((item) => ({
    label: sizedName(item.name, item.size),
    value: `× ${item.quantity}`,
  }));
  return composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    subject: `Your ${storeName} order ${orderNumber} has shipped`,
    preheader: `Order ${orderNumber} has shipped. Tracking code ${trackingCode}.`,
    body: [
      heading("Your order has shipped", { eyebrow: `Order ${orderNumber}` }),
      greeting(options.name),
      paragraph(`Good news: your order ${orderNumber} is on its way.`),
      paragraph(`Tracking code: ${trackingCode}`),
      amountRows(parcel, { separator: " " }),
      button(options.trackingUrl, "Track Package", { pasteLink: true }),
      divider(),
      paragraph("It can take a few hours before the carrier shows the first scan.", { muted: true }),
      plainLink(
        "You can also follow the order from your account:",
        joinUrl(options.publicUrl, "/account/orders"),
      ),
    ],
  });
}
