/**
 * The branded frame every e-mail shares, and the pieces templates build their body from.
 *
 * Mail clients are not browsers: layout is tables, styles are inline (Gmail drops most of
 * <style>, Outlook renders with Word), web fonts are not loaded, so the font stacks fall back
 * to system faces. The palette is the store's (app/app.css): near-black, bone-white, one warm
 * accent. Every helper escapes what it is given; only their output is trusted HTML.
 */

import { type Seller, sellerLines } from "../../core/seller";

/** One rendered e-mail. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const COLOR = {
  page: "#0a0a0b",
  card: "#131316",
  border: "#2a2a31",
  ink: "#f4f1ea",
  muted: "#a4a3ad",
  faint: "#74737c",
  accent: "#d9b26f",
  buttonInk: "#0a0a0b",
} as const;

const FONT_SANS = "'Inter', 'Helvetica Neue', Helvetica, Arial, sans-serif";
const FONT_DISPLAY = "'Space Grotesk', 'Helvetica Neue', Helvetica, Arial, sans-serif";

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, pathname: string): string {
  return `${base.replace(/\/+$/, "")}/${pathname.replace(/^\/+/, "")}`;
}

// escaping stops an attribute break-out, not a javascript: URL; links in mail are always absolute
function assertWebUrl(href: string): string {
  if (!/^https?:\/\//i.test(href)) throw new Error(`E-mail links must be absolute http(s) URLs: ${href}`);
  return href;
}

/**
 * A button that survives every client: VML for desktop Outlook (which ignores padding and
 * border-radius on links), a padded link in a coloured cell everywhere else, so the whole
 * button is clickable.
 */
export function renderButton(href: string, label: string): string {
  const url = escapeHtml(assertWebUrl(href));
  const text = escapeHtml(label.toUpperCase());
  const labelStyle = `font-family:${FONT_SANS};font-size:13px;font-weight:700;letter-spacing:2.5px;color:${COLOR.buttonInk};`;
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 8px 0;">
<tr><td align="left">
<!--[if mso]>
<v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${url}" style="height:52px;v-text-anchor:middle;width:260px;" arcsize="6%" stroke="f" fillcolor="${COLOR.ink}">
<w:anchorlock/>
<center style="${labelStyle}">${text}</center>
</v:roundrect>
<![endif]-->
<!--[if !mso]><!-->
<table role="presentation" border="0" cellpadding="0" cellspacing="0" class="nc-button"><tr>
<td align="center" bgcolor="${COLOR.ink}" style="border-radius:3px;background-color:${COLOR.ink};">
<a href="${url}" target="_blank" style="display:inline-block;padding:18px 40px;border:1px solid ${COLOR.ink};border-radius:3px;${labelStyle}line-height:16px;text-decoration:none;text-align:center;-webkit-text-size-adjust:none;">${text}</a>
</td></tr></table>
<!--<![endif]-->
</td></tr>
</table>`;
}

/** The title of the message, with an optional small accent label above it. */
export function renderHeading(text: string, options: { eyebrow?: string } = {}): string {
  const eyebrow = options.eyebrow
    ? `<p style="margin:0 0 14px 0;font-family:${FONT_SANS};font-size:11px;line-height:16px;font-weight:600;letter-spacing:3px;text-transform:uppercase;color:${COLOR.accent};">${escapeHtml(options.eyebrow)}</p>\n`
    : "";
  return `${eyebrow}<h1 class="nc-h1" style="margin:0 0 24px 0;font-family:${FONT_DISPLAY};font-size:30px;line-height:36px;font-weight:700;letter-spacing:-0.5px;color:${COLOR.ink};">${escapeHtml(text)}</h1>`;
}

/** A paragraph of body copy; `muted` for the small print. */
export function renderParagraph(text: string, options: { muted?: boolean } = {}): string {
  const style = options.muted
    ? `font-size:13px;line-height:21px;color:${COLOR.faint};`
    : `font-size:16px;line-height:26px;color:${COLOR.muted};`;
  return `<p style="margin:0 0 20px 0;font-family:${FONT_SANS};${style}">${escapeHtml(text)}</p>`;
}

/** A quoted text kept line by line (a withdrawal statement), in a bordered box. */
export function renderQuote(text: string): string {
  return `<p style="margin:0 0 20px 0;padding:16px;border:1px solid ${COLOR.border};font-family:${FONT_SANS};font-size:14px;line-height:22px;color:${COLOR.ink};white-space:pre-line;">${escapeHtml(text)}</p>`;
}

/** A caption and the URL written out, for clients (and people) that do not trust buttons. */
export function renderPlainLink(caption: string, href: string): string {
  const url = escapeHtml(assertWebUrl(href));
  return `<p style="margin:24px 0 4px 0;font-family:${FONT_SANS};font-size:13px;line-height:20px;color:${COLOR.faint};">${escapeHtml(caption)}</p>
<p style="margin:0 0 20px 0;font-family:${FONT_SANS};font-size:13px;line-height:20px;word-break:break-all;"><a href="${url}" target="_blank" style="color:${COLOR.accent};text-decoration:underline;">${url}</a></p>`;
}

/** A hairline between the main message and the small print. */
export function renderDivider(): string {
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0"><tr><td style="padding:12px 0 24px 0;"><div style="height:1px;line-height:1px;font-size:1px;background-color:${COLOR.border};">&nbsp;</div></td></tr></table>`;
}

/**
 * Wraps a body in the branded frame. `bodyHtml` must come from the helpers above (it is
 * inserted as is); every other value is escaped here. `bodyText` is the same message for the
 * text/plain part, framed the same way.
 */
export function renderLayout(options: {
  storeName: string;
  publicUrl: string;
  /** Who sends it: named in the footer of every e-mail (docs/LEGAL.md). */
  seller: Seller;
  preheader: string;
  bodyHtml: string;
  bodyText: string;
}): { html: string; text: string } {
  const storeName = escapeHtml(options.storeName);
  const wordmark = escapeHtml(options.storeName.toUpperCase());
  const publicUrl = escapeHtml(assertWebUrl(options.publicUrl));
  const publicHost = escapeHtml(options.publicUrl.replace(/^https?:\/\//i, "").replace(/\/+$/, ""));
  // filler after the preheader keeps the body's first words out of the inbox preview
  const previewFiller = "&#847;&zwnj;&nbsp;".repeat(60);
  const seller = sellerLines(options.seller);
  const sellerHtml =
    seller.length > 0
      ? `<p style="margin:0 0 8px 0;font-size:12px;line-height:19px;color:${COLOR.faint};">${seller.map(escapeHtml).join("<br>")}</p>\n`
      : "";

  const html = `<!DOCTYPE html>
<html lang="en" xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no, date=no, address=no, email=no, url=no">
<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">
<title>${storeName}</title>
<!--[if mso]>
<noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript>
<style>table,td,h1,p,a{font-family:Arial,Helvetica,sans-serif !important;}</style>
<![endif]-->
<style>
:root{color-scheme:dark;supported-color-schemes:dark;}
body{margin:0;padding:0;width:100% !important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;}
table{border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt;}
a{color:${COLOR.accent};}
@media only screen and (max-width:620px){
.nc-outer{padding:24px 12px !important;}
.nc-pad{padding-left:24px !important;padding-right:24px !important;}
.nc-body{padding-top:36px !important;padding-bottom:28px !important;}
.nc-h1{font-size:26px !important;line-height:32px !important;}
.nc-button,.nc-button td,.nc-button a{width:100% !important;box-sizing:border-box;}
}
</style>
</head>
<body style="margin:0;padding:0;background-color:${COLOR.page};">
<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;">${escapeHtml(options.preheader)}${previewFiller}</div>
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${COLOR.page}" style="background-color:${COLOR.page};">
<tr><td align="center" class="nc-outer" style="padding:48px 16px;">
<!--[if mso]><table role="presentation" width="600" border="0" cellpadding="0" cellspacing="0" align="center"><tr><td><![endif]-->
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;">
<tr><td align="center" style="padding:0 0 32px 0;">
<a href="${publicUrl}" target="_blank" style="text-decoration:none;font-family:${FONT_DISPLAY};font-size:22px;line-height:28px;font-weight:700;letter-spacing:8px;color:${COLOR.ink};padding-left:8px;">${wordmark}</a>
</td></tr>
<tr><td bgcolor="${COLOR.card}" style="background-color:${COLOR.card};border:1px solid ${COLOR.border};border-top:2px solid ${COLOR.accent};border-radius:4px;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0">
<tr><td class="nc-pad nc-body" style="padding:48px 48px 36px 48px;font-family:${FONT_SANS};">
${options.bodyHtml}
</td></tr>
</table>
</td></tr>
<tr><td align="center" class="nc-pad" style="padding:32px 40px 0 40px;font-family:${FONT_SANS};">
<p style="margin:0 0 12px 0;font-family:${FONT_DISPLAY};font-size:12px;line-height:16px;font-weight:700;letter-spacing:5px;color:${COLOR.muted};padding-left:5px;">${wordmark}</p>
<p style="margin:0 0 8px 0;font-size:12px;line-height:19px;color:${COLOR.faint};">You received this e-mail because of activity on your ${storeName} account.</p>
${sellerHtml}<p style="margin:0;font-size:12px;line-height:19px;"><a href="${publicUrl}" target="_blank" style="color:${COLOR.muted};text-decoration:underline;">${publicHost}</a></p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    options.storeName.toUpperCase(),
    "",
    options.bodyText.trim(),
    "",
    "-- ",
    options.storeName,
    `You received this e-mail because of activity on your ${options.storeName} account.`,
    ...seller,
    options.publicUrl,
    "",
  ].join("\n");

  return { html, text };
}

/** Label and amount rows, e.g. an order's lines and totals; `strong` rows are emphasised. */
export function renderAmountRows(
  rows: readonly { label: string; value: string; strong?: boolean }[],
): string {
  const cells = rows
    .map(({ label, value, strong }) => {
      const weight = strong ? `font-weight:700;color:${COLOR.ink};` : `color:${COLOR.muted};`;
      const top = strong ? `border-top:1px solid ${COLOR.border};padding-top:12px;` : "";
      return `<tr><td style="padding:6px 0;${top}font-family:${FONT_SANS};font-size:14px;line-height:20px;${weight}">${escapeHtml(label)}</td><td align="right" style="padding:6px 0 6px 16px;${top}font-family:${FONT_SANS};font-size:14px;line-height:20px;white-space:nowrap;${weight}">${escapeHtml(value)}</td></tr>`;
    })
    .join("\n");
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 24px 0;">\n${cells}\n</table>`;
}
