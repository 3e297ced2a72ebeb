import { formatMoney, type MoneySettings } from "../../../core/money";
import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/**
 * Sent when the store cancels a paid order and refunds it in full. The refund time is the one the
 * returns policy promises (app/routes/legal/legal-texts.ts), so the e-mail and the policy cannot disagree.
 */
export function orderRefundedEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
  orderNumber: string;
  /** The order's currency (it keeps the one it was sold in) and the store's locale. */
  money: MoneySettings;
  amountCents: number;
  /** The VAT given back with it ("VAT 19% (Germany)"); null for an order sold before VAT. */
  vat: { label: string; amountCents: number } | null;
  refundBusinessDays: string;
}): RenderedEmail {
  const { storeName, orderNumber } = options;
  const amount = formatMoney(options.amountCents, options.money);
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `Your ${storeName} order ${orderNumber} was cancelled and refunded`,
    preheader: `Order ${orderNumber} was cancelled. ${amount} is on its way back to you.`,
    body: [
      mail.heading("Your order was refunded", { eyebrow: `Order ${orderNumber}` }),
      mail.greeting(options.name),
      mail.paragraph(
        `Your order ${orderNumber} has been cancelled and we have refunded the full amount of ${amount}${mail.refundedVat(options.vat, options.money)}.`,
      ),
      mail.paragraph(mail.refundTiming(options.refundBusinessDays)),
      mail.button(joinUrl(options.publicUrl, "/account/orders"), "View My Orders"),
      mail.divider(),
      mail.paragraph(
        "We are sorry that this order did not work out. If you have any questions, just reply to this e-mail.",
        { muted: true },
      ),
      mail.plainLink("Our returns and refunds policy:", joinUrl(options.publicUrl, "/legal/returns")),
    ],
  });
}
