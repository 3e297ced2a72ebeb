import { formatUsd } from "../../../core/money";
import {
  joinUrl,
  type RenderedEmail,
  renderButton,
  renderDivider,
  renderHeading,
  renderLayout,
  renderParagraph,
  renderPlainLink,
} from "../layout";

/**
 * Sent when the store cancels a paid order and refunds it in full. The refund time is the one the
 * returns policy promises (app/content/legal.ts), so the e-mail and the policy cannot disagree.
 */
export function orderRefundedEmail(options: {
  storeName: string;
  publicUrl: string;
  name?: string | null;
  orderNumber: string;
  amountCents: number;
  /** The VAT given back with it ("VAT 19% (Germany)"); null for an order sold before VAT. */
  vat: { label: string; amountCents: number } | null;
  refundBusinessDays: string;
}): RenderedEmail {
  const { storeName, orderNumber } = options;
  const amount = formatUsd(options.amountCents);
  const ordersUrl = joinUrl(options.publicUrl, "/account/orders");
  const policyUrl = joinUrl(options.publicUrl, "/legal/returns");
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const vat = options.vat ? ` (of which ${options.vat.label}: ${formatUsd(options.vat.amountCents)})` : "";
  const news = `Your order ${orderNumber} has been cancelled and we have refunded the full amount of ${amount}${vat}.`;
  const timing = `The refund is issued to your original payment method within ${options.refundBusinessDays} business days. Depending on your bank or card issuer, it may take a few additional days for the amount to appear on your statement.`;
  const sorry =
    "We are sorry that this order did not work out. If you have any questions, just reply to this e-mail.";
  const policy = "Our returns and refunds policy:";

  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `Order ${orderNumber} was cancelled. ${amount} is on its way back to you.`,
    bodyHtml: [
      renderHeading("Your order was refunded", { eyebrow: `Order ${orderNumber}` }),
      renderParagraph(greeting),
      renderParagraph(news),
      renderParagraph(timing),
      renderButton(ordersUrl, "View My Orders"),
      renderDivider(),
      renderParagraph(sorry, { muted: true }),
      renderPlainLink(policy, policyUrl),
    ].join("\n"),
    bodyText: [
      "YOUR ORDER WAS REFUNDED",
      "",
      greeting,
      "",
      news,
      "",
      timing,
      "",
      `View My Orders: ${ordersUrl}`,
      "",
      sorry,
      "",
      `${policy} ${policyUrl}`,
    ].join("\n"),
  });
  return { subject: `Your ${storeName} order ${orderNumber} was cancelled and refunded`, html, text };
}
