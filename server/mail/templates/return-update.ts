import { formatUsd } from "../../../core/money";
import { RETURN_STATE_LABELS, type ReturnState } from "../../../core/returns";
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

function explain(update: ReturnUpdate): { heading: string; paragraphs: string[] } {
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
    case "refunded": {
      const vat = update.vat ? ` (of which ${update.vat.label}: ${formatUsd(update.vat.amountCents)})` : "";
      return {
        heading: "Your return was refunded",
        paragraphs: [
          `We have refunded ${formatUsd(update.amountCents)}${vat}.`,
          `The refund is issued to your original payment method within ${update.refundBusinessDays} business days. Depending on your bank or card issuer, it may take a few additional days for the amount to appear on your statement.`,
        ],
      };
    }
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
  name?: string | null;
  rmaNumber: string;
  orderNumber: string;
  update: ReturnUpdate;
}): RenderedEmail {
  const { storeName, rmaNumber, orderNumber, update } = options;
  const ordersUrl = joinUrl(options.publicUrl, "/account/orders");
  const policyUrl = joinUrl(options.publicUrl, "/legal/returns");
  const greeting = `Hi ${options.name?.trim() || "there"},`;
  const { heading, paragraphs } = explain(update);
  const intro = `Return ${rmaNumber} for order ${orderNumber}: ${RETURN_STATE_LABELS[update.state as ReturnState]}.`;
  const policy = "Our returns and refunds policy:";
  const { html, text } = renderLayout({
    storeName,
    publicUrl: options.publicUrl,
    preheader: `${heading}. Return ${rmaNumber}, order ${orderNumber}.`,
    bodyHtml: [
      renderHeading(heading, { eyebrow: `Return ${rmaNumber}` }),
      renderParagraph(greeting),
      renderParagraph(intro),
      ...paragraphs.map((paragraph) => renderParagraph(paragraph)),
      renderButton(ordersUrl, "View My Orders"),
      renderDivider(),
      renderPlainLink(policy, policyUrl),
    ].join("\n"),
    bodyText: [
      heading.toUpperCase(),
      "",
      greeting,
      "",
      intro,
      ...paragraphs.flatMap((paragraph) => ["", paragraph]),
      "",
      `View My Orders: ${ordersUrl}`,
      "",
      `${policy} ${policyUrl}`,
    ].join("\n"),
  });
  return { subject: `${storeName} return ${rmaNumber}: ${heading}`, html, text };
}
