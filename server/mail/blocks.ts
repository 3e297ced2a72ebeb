/**
 * The blocks a template writes its body in. Each block is the HTML of one piece (from layout.ts)
 * and the words the text/plain part says for it, so the two parts of an e-mail cannot drift apart:
 * a template lists its blocks once and composeEmail frames both.
 */
import { formatMoney, type MoneySettings } from "../../core/money";
import type { Seller } from "../../core/seller";
import {
  type RenderedEmail,
  renderAmountRows,
  renderButton,
  renderDivider,
  renderHeading,
  renderLayout,
  renderParagraph,
  renderPlainLink,
  renderQuote,
} from "./layout";

/** One piece of a body; `text` null where the text/plain part has nothing for it (a divider). */
export interface MailBlock {
  html: string;
  text: string | null;
}

/** The title, upper-cased in the text part unless `text` says otherwise. */
export function heading(title: string, options: { eyebrow?: string; text?: string } = {}): MailBlock {
  return { html: renderHeading(title, options), text: options.text ?? title.toUpperCase() };
}

export function paragraph(text: string, options: { muted?: boolean } = {}): MailBlock {
  return { html: renderParagraph(text, options), text };
}

/** "Hi Zoe," or, without a name, "Hi there,". */
export function greeting(name: string | null | undefined): MailBlock {
  return paragraph(`Hi ${name?.trim() || "there"},`);
}

/**
 * A button, written out as "Label: URL" in the text part. `pasteLink` adds the URL under it for
 * clients (and people) that do not trust buttons; the text part shows the URL once already.
 */
export function button(href: string, label: string, options: { pasteLink?: boolean } = {}): MailBlock {
  const paste = options.pasteLink
    ? `\n${renderPlainLink("Or paste this link into your browser:", href)}`
    : "";
  return { html: `${renderButton(href, label)}${paste}`, text: `${label}: ${href}` };
}

/** A text quoted as it is, line by line (the text part indents it). */
export function quote(text: string): MailBlock {
  return { html: renderQuote(text), text: text.replace(/^/gm, "    ") };
}

/** A caption and the URL written out. */
export function plainLink(caption: string, href: string): MailBlock {
  return { html: renderPlainLink(caption, href), text: `${caption} ${href}` };
}

export function divider(): MailBlock {
  return { html: renderDivider(), text: null };
}

/** Label and amount rows, one line each in the text part, label and value joined by `separator`. */
export function amountRows(
  rows: readonly { label: string; value: string; strong?: boolean }[],
  options: { separator: string },
): MailBlock {
  return {
    html: renderAmountRows(rows),
    text: rows.map((row) => `${row.label}${options.separator}${row.value}`).join("\n"),
  };
}

/** " (of which VAT 19% (Germany): $3.19)" after a refunded amount; empty for an order sold before VAT. */
export function refundedVat(
  vat: { label: string; amountCents: number } | null,
  money: MoneySettings,
): string {
  return vat ? ` (of which ${vat.label}: ${formatMoney(vat.amountCents, money)})` : "";
}

/** When a refund reaches the customer, in the returns policy's words. */
export function refundTiming(refundBusinessDays: string): string {
  return `The refund is issued to your original payment method within ${refundBusinessDays} business days. Depending on your bank or card issuer, it may take a few additional days for the amount to appear on your statement.`;
}

/** The e-mail: its body's blocks in the branded frame, HTML and text alike. */
export function composeEmail(options: {
  storeName: string;
  publicUrl: string;
  seller: Seller;
  subject: string;
  preheader: string;
  body: readonly MailBlock[];
}): RenderedEmail {
  const { html, text } = renderLayout({
    storeName: options.storeName,
    publicUrl: options.publicUrl,
    seller: options.seller,
    preheader: options.preheader,
    bodyHtml: options.body.map((block) => block.html).join("\n"),
    bodyText: options.body.flatMap((block) => (block.text === null ? [] : [block.text])).join("\n\n"),
  });
  return { subject: options.subject, html, text };
}
