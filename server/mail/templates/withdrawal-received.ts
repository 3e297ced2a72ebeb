import { formatMoney, type MoneySettings } from "../../../core/money";
import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** What the withdrawal does, as the acknowledgement tells it. */
export type WithdrawalNext =
  /** Not shipped: the order is cancelled and refunded in full, with delivery. */
  | { kind: "cancelled"; totalCents: number }
  /** Shipped: the goods come back under this return number to this address. */
  | { kind: "return"; rmaNumber: string; returnInstructions: string; refundDueOn: string };

/**
 * The acknowledgement of a withdrawal on a durable medium (Art. 11a(3) CRD): the statement as
 * received, the date and time it was received, what happens next and where the goods go. Queued
 * in the transaction that records the statement (server/withdrawals/withdraw-from-contract.ts).
 */
export function withdrawalReceivedEmail(options: {
  storeName: string;
  publicUrl: string;
  seller: Seller;
  name: string;
  orderNumber: string;
  statement: string;
  /** "Nov 27, 2026, 19:03 UTC". */
  receivedAt: string;
  next: WithdrawalNext;
  /** The order's currency (it keeps the one it was sold in) and the store's locale. */
  money: MoneySettings;
}): RenderedEmail {
  const { storeName, orderNumber, next } = options;
  const nextSteps =
    next.kind === "cancelled"
      ? [
          mail.paragraph(
            `Your order had not shipped yet, so we have cancelled it. We refund everything you paid, ${formatMoney(next.totalCents, options.money)} including delivery, to your original payment method; you will receive a separate e-mail once the refund is issued.`,
          ),
        ]
      : [
          mail.paragraph(
            `Please send the goods back within 14 days, with the return number ${next.rmaNumber} on a note inside the parcel. ${next.returnInstructions}`,
          ),
          mail.paragraph(
            `We refund the price of the goods (and the standard delivery cost when you withdraw from the whole order) as soon as they arrive or you send us proof that you have sent them, and at the latest by ${next.refundDueOn}. Reply to this e-mail with the proof of sending if you have one.`,
          ),
        ];
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `We received your withdrawal from order ${orderNumber}`,
    preheader: `Your withdrawal from order ${orderNumber} was received on ${options.receivedAt}.`,
    body: [
      mail.heading("Withdrawal received", { eyebrow: `Order ${orderNumber}` }),
      mail.greeting(options.name),
      mail.paragraph(
        `We received your withdrawal from order ${orderNumber} on ${options.receivedAt}. This is your confirmation of receipt. Your statement, as we received it:`,
      ),
      mail.quote(options.statement),
      ...nextSteps,
      mail.button(joinUrl(options.publicUrl, "/account/orders"), "View My Orders"),
      mail.divider(),
      mail.plainLink("Your right of withdrawal:", joinUrl(options.publicUrl, "/legal/withdrawal")),
    ],
  });
}
