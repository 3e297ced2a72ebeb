import { formatUsd } from "../../../core/money";
import {
  button,
  composeEmail,
  divider,
  greeting,
  heading,
  paragraph,
  plainLink,
  refundedVat,
  refundTiming,
} from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

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
  return composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    subject: `Your ${storeName} order ${orderNumber} was cancelled and refunded`,
    preheader: `Order ${orderNumber} was cancelled. ${amount} is on its way back to you.`,
    body: [
      heading("Your order was refunded", { eyebrow: `Order ${orderNumber}` }),
      greeting(options.name),
      paragraph(
        `Your order ${orderNumber} has been cancelled and we have refunded the full amount of ${amount}${refundedVat(options.vat)}.`,
      ),
      paragraph(refundTiming(options.refundBusinessDays)),
      button(joinUrl(options.publicUrl, "/account/orders"), "View My Orders"),
      divider(),
      paragraph(
        "We are sorry that this order did not work out. If you have any questions, just reply to this e-mail.",
        { muted: true },
      ),
      plainLink("Our returns and refunds policy:", joinUrl(options.publicUrl, "/legal/returns")),
    ],
  });
}
