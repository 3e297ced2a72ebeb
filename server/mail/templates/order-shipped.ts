import { sizedName } from "../../../core/product";
import {
  joinUrl,
  type RenderedEmail,
  renderAmountRows,
  renderButton,
  renderDivider,
  renderHeading,
  renderLayout,
  renderParagraph,
  renderPlainLink,
} from "../layout";

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
  const { storeName, orderNumber, trackingCode, trackingUrl } = options;
  const ordersUrl = joinUrl(options.publicUrl, "/account/orders");
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const news = `Good news: your order ${orderNumber} is on its way.`;
  const code = `Tracking code: ${trackingCode}`;
  const patience = "It can take a few hours before the carrier shows the first scan.";
  const account = "You can also follow the order from your account:";
  const parcel = options.items.map((item) => ({
    label: sizedName(item.name, item.size),
    value: `× ${item.quantity}`,
  }));

  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `Order ${orderNumber} has shipped. Tracking code ${trackingCode}.`,
    bodyHtml: [
      renderHeading("Your order has shipped", { eyebrow: `Order ${orderNumber}` }),
      renderParagraph(greeting),
      renderParagraph(news),
      renderParagraph(code),
      renderAmountRows(parcel),
      renderButton(trackingUrl, "Track Package"),
      renderPlainLink("Or paste this link into your browser:", trackingUrl),
      renderDivider(),
      renderParagraph(patience, { muted: true }),
      renderPlainLink(account, ordersUrl),
    ].join("\n"),
    bodyText: [
      "YOUR ORDER HAS SHIPPED",
      "",
      greeting,
      "",
      news,
      "",
      code,
      "",
      ...parcel.map((row) => `${row.label} ${row.value}`),
      "",
      `Track Package: ${trackingUrl}`,
      "",
      patience,
      "",
      `${account} ${ordersUrl}`,
    ].join("\n"),
  });
  return { subject: `Your ${storeName} order ${orderNumber} has shipped`, html, text };
}
