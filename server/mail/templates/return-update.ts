import { formatMoney, type MoneySettings } from "../../../core/money";
import { RETURN_STATE_LABELS, type ReturnState } from "../../../core/returns";
import type { Seller } from "../../../core/seller";
import * as mail from "../blocks";
import { joinUrl, type RenderedEmail } from "../layout";

/** What each step of a return tells the customer, besides its state. */
export type ReturnUpdate =
  | { state: "requested"; resolution: "refund" | "exchange" }
  | { state: "approved"; instructions: string }
  | { state: "rejected"; reason: string }
  | { state: "received"; resolution: "refund" | "exchange" }
  | {
      state: "refunded";
      amountCents: number;
      vat: { label: string; amountCents: number } | null;
      refundBusinessDays: string;
    }
  | { state: "exchanged"; replacementOrderNumber: string }
  /** `closedBecause`: the store closed it (its order was refunded in full), not the customer. */
  | { state: "cancelled"; closedBecause?: string };

function explain(update: ReturnUpdate, money: MoneySettings): { heading: string; paragraphs: string[] } {
  switch (update.state) {
    case "requested":
      return {
        heading: "We received your return request",
        paragraphs: [
          `We will look at it shortly and e-mail you whether it is approved, with instructions for sending the items back. Please do not send anything before then.`,
          update.resolution === "exchange"
            ? "You asked for another size: we set it aside for you when we approve the return."
            : "Once the items are back with us and inspected, we refund the price you paid for them.",
        ],
      };
    case "approved":
      return {
        heading: "Your return is approved",
        paragraphs: ["Please send the items back as follows:", update.instructions],
      };
    case "rejected":
      return {
        heading: "Your return was not accepted",
        paragraphs: [`Reason: ${update.reason}`, "If you have any questions, just reply to this e-mail."],
      };
    case "received":
      return {
        heading: "Your return has arrived",
        paragraphs: [
          update.resolution === "exchange"
            ? "We have received and inspected your items. Your new size is on its way shortly."
            : "We have received and inspected your items. Your refund follows shortly.",
        ],
      };
    case "refunded":
      return {
        heading: "Your return was refunded",
        paragraphs: [
          `We have refunded ${formatMoney(update.amountCents, money)}${mail.refundedVat(update.vat, money)}.`,
          mail.refundTiming(update.refundBusinessDays),
        ],
      };
    case "exchanged":
      return {
        heading: "Your exchange is on its way",
        paragraphs: [
          `Your new size ships as order ${update.replacementOrderNumber}, at no charge. You can follow it in My Orders.`,
        ],
      };
    case "cancelled":
      if (update.closedBecause) {
        return {
          heading: "Your return was closed",
          paragraphs: [
            update.closedBecause,
            "If you have already sent items back, just reply to this e-mail.",
          ],
        };
      }
      return {
        heading: "Your return was cancelled",
        paragraphs: ["You cancelled this return. Nothing more to do."],
      };
  }
}

/** Every step of a return (docs/RETURNS.md), one template: the state decides what it says. */
export function returnUpdateEmail(options: {
  storeName: string;
  publicUrl: string;
  /** Named in the footer (Art. 6(1)(c) Consumer Rights Directive). */
  seller: Seller;
  name?: string | null;
  rmaNumber: string;
  orderNumber: string;
  update: ReturnUpdate;
  /** The order's currency (it keeps the one it was sold in) and the store's locale. */
  money: MoneySettings;
}): RenderedEmail {
  const { storeName, rmaNumber, orderNumber, update } = options;
  const { heading: title, paragraphs } = explain(update, options.money);
  return mail.composeEmail({
    storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    subject: `${storeName} return ${rmaNumber}: ${title}`,
    preheader: `${title}. Return ${rmaNumber}, order ${orderNumber}.`,
    body: [
      mail.heading(title, { eyebrow: `Return ${rmaNumber}` }),
      mail.greeting(options.name),
      mail.paragraph(
        `Return ${rmaNumber} for order ${orderNumber}: ${RETURN_STATE_LABELS[update.state as ReturnState]}.`,
      ),
      ...paragraphs.map((text) => mail.paragraph(text)),
      mail.button(joinUrl(options.publicUrl, "/account/orders"), "View My Orders"),
      mail.divider(),
      mail.plainLink("Our returns and refunds policy:", joinUrl(options.publicUrl, "/legal/returns")),
    ],
  });
}
