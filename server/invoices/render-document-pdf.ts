// Draws an invoice or a credit note as an A4 PDF with pdfkit (docs/INVOICES.md#the-pdf), from its
// frozen content only. On paper the store's dark theme becomes white with black ink: the name in
// Space Grotesk, the text in Inter (both embedded, so € ł ő and the like print), one thin rule in
// the store's accent colour.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type PDFDocument from "pdfkit";
import { formatMoney } from "../../core/money";
import { formatRate } from "../../core/tax";
import type { DocumentContent, DocumentLine } from "./document-content";

// resolved from the installed packages, so it works from the sources, the build and the container
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
  medium: require.resolve("@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf"),
  brand: require.resolve("@expo-google-fonts/space-grotesk/700Bold/SpaceGrotesk_700Bold.ttf"),
};
type FontName = keyof typeof FONT_FILES;
/** What pdfkit takes as a font: a file's bytes, or a font fontkit has already parsed. */
type FontSource = Buffer | { layout: (...args: never[]) => unknown };
let parsedFonts: Record<FontName, FontSource> | undefined;

/**
 * The fonts, parsed once per process and shared by every document: fontkit decoding Inter's tables
 * is most of the cost of a document (about 3/4 of its CPU time when parsed per document). pdfkit
 * accepts a parsed font in place of a file and subsets it per document, so sharing it is safe; it is
 * taken from the first document pdfkit opened with the files, as pdfkit names no fontkit export.
 */
/**
 * The default font, for the constructor: pdfkit opens it like any font (bytes or a parsed font, so
 * its built-in Helvetica is never loaded), though its types name only a file path there.
 */
const asDefaultFont = (source: FontSource) => source as unknown as string;

function fonts(PDFDocument: PdfKit): Record<FontName, FontSource> {
  if (!parsedFonts) {
    const probe = new PDFDocument({ font: asDefaultFont(readFileSync(FONT_FILES.regular)) });
    const parse = (name: FontName): FontSource => {
      probe.font(readFileSync(FONT_FILES[name]));
      const parsed = (probe as unknown as { _font?: { font?: FontSource } })._font?.font;
      // a pdfkit without this internal still works, only slower: the bytes are parsed each time
      return parsed && typeof parsed === "object" && "layout" in parsed
        ? parsed
        : readFileSync(FONT_FILES[name]);
    };
    parsedFonts = { regular: parse("regular"), medium: parse("medium"), brand: parse("brand") };
    probe.end();
  }
  return parsedFonts;
}

const INK = "#0a0a0b";
const MUTED = "#5b5b63";
const RULE = "#d4d4d8";
/** The store's accent (app/app.css --color-accent). */
const ACCENT = "#d9b26f";
const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 };
const BOTTOM = PAGE.height - MARGIN - 30; // room for the footer
const WIDTH = PAGE.width - 2 * MARGIN;

/** The table's columns: description, then numbers aligned right. */
const COLUMNS = [
  { key: "description", label: "Description", width: 183, align: "left" },
  { key: "quantity", label: "Qty", width: 30, align: "right" },
  { key: "unit", label: "Unit price (net)", width: 62, align: "right" },
  { key: "net", label: "Net", width: 62, align: "right" },
  { key: "rate", label: "VAT rate", width: 44, align: "right" },
  { key: "vat", label: "VAT", width: 54, align: "right" },
  { key: "gross", label: "Gross", width: 60, align: "right" },
] as const;

type Cells = Record<(typeof COLUMNS)[number]["key"], string>;

/** The title a document carries. */
const documentTitle = (content: Pick<DocumentContent, "kind">) =>
  content.kind === "invoice" ? "Invoice" : "Credit note";

type PdfKit = typeof PDFDocument;

/** The PDF's bytes. */
export async function renderDocumentPdf(content: DocumentContent): Promise<Buffer> {
  // pdfkit and fontkit are loaded with the first document a process draws: most processes serve
  // pages for hours without one, and the two hold about 20 MiB (docs/PERFORMANCE.md, "Memory")
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    font: asDefaultFont(fonts(PDFDocument).regular),
    info: {
      Title: `${documentTitle(content)} ${content.number}`,
      Author: content.seller.legalName || content.storeName,
      Subject: `Order ${content.orderNumber}`,
    },
  });
  for (const [name, source] of Object.entries(fonts(PDFDocument))) {
    doc.registerFont(name, source as PDFKit.Mixins.PDFFontSource);
  }
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const money = (cents: number) => formatMoney(cents, { currency: content.currency, locale: content.locale });
  const day = (value: string) =>
    new Intl.DateTimeFormat(content.locale, { timeZone: "UTC", dateStyle: "medium" }).format(
      new Date(`${value}T00:00:00Z`),
    );

  let y = drawHeader(doc, content);
  y = drawParties(doc, content, y, day);
  y = drawLines(doc, content, y + 18, money);
  y = drawSummary(doc, content, y + 14, money);
  drawNotes(doc, content, y + 16);
  drawFooters(doc, content);
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, content: DocumentContent): number {
  doc.font("brand").fontSize(22).fillColor(INK).text(content.storeName, MARGIN, MARGIN, { lineBreak: false });
  doc
    .font("brand")
    .fontSize(16)
    .text(documentTitle(content).toUpperCase(), MARGIN, MARGIN + 5, { width: WIDTH, align: "right" });
  const ruleY = MARGIN + 34;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + WIDTH, ruleY)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  return ruleY + 14;
}

function drawParties(
  doc: PDFKit.PDFDocument,
  content: DocumentContent,
  top: number,
  day: (value: string) => string,
): number {
  const { seller, customer } = content;
  const half = WIDTH / 2 - 10;
  // the seller (Art. 226 (5), (3)): legal name, address, VAT ID
  let left = label(doc, "From", MARGIN, top);
  doc.font("medium").fontSize(9.5).fillColor(INK).text(seller.legalName, MARGIN, left, { width: half });
  doc.font("regular").fontSize(9).fillColor(INK);
  for (const line of [
    seller.address,
    seller.vatId && `VAT ID ${seller.vatId}`,
    seller.tradeRegister,
    [seller.email, seller.phone].filter(Boolean).join(" · "),
  ].filter(Boolean)) {
    doc.text(line as string, { width: half });
  }
  left = doc.y + 12;
  // the customer (Art. 226 (5))
  left = label(doc, "Bill to", MARGIN, left);
  doc.font("medium").fontSize(9.5).fillColor(INK).text(customer.name, MARGIN, left, { width: half });
  doc.font("regular").fontSize(9);
  for (const line of customer.addressLines) doc.text(line, { width: half });
  left = doc.y;

  // the document's own facts: number, dates, order, currency
  const facts: [string, string][] = [
    [content.kind === "invoice" ? "Invoice number" : "Credit note number", content.number],
    ["Date of issue", day(content.issuedOn)],
    ["Date of supply", day(content.suppliedOn)],
    ["Order", content.orderNumber],
    ["Currency", content.currency],
  ];
  if (content.paymentMethod) facts.push(["Paid with", content.paymentMethod]);
  if (content.invoiceNumber) {
    facts.splice(1, 0, ["Credits invoice", content.invoiceNumber]);
    if (content.invoiceIssuedOn) facts.splice(2, 0, ["Invoice date", day(content.invoiceIssuedOn)]);
  }
  const x = MARGIN + WIDTH / 2 + 10;
  let right = top;
  for (const [name, value] of facts) {
    doc.font("regular").fontSize(9).fillColor(MUTED).text(name, x, right, { width: 95 });
    doc
      .font("medium")
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + 95, right, { width: half - 95 });
    right = Math.max(doc.y, right + 13) + 1;
  }
  if (content.kind === "credit_note") {
    right += 6;
    doc
      .font("medium")
      .fontSize(9.5)
      .fillColor(INK)
      .text(`Credit note for invoice ${content.invoiceNumber}`, x, right, { width: half });
    if (content.reason) {
      doc.font("regular").fontSize(9).fillColor(MUTED).text(`Reason: ${content.reason}`, { width: half });
    }
    right = doc.y;
  }
  return Math.max(left, right);
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number): number {
  doc.font("medium").fontSize(7.5).fillColor(MUTED).text(text.toUpperCase(), x, y, { characterSpacing: 0.8 });
  return doc.y + 2;
}

function drawRow(doc: PDFKit.PDFDocument, cells: Cells, y: number, font: "regular" | "medium", color = INK) {
  let x = MARGIN;
  let height = 0;
  doc.font(font).fontSize(8.5).fillColor(color);
  for (const column of COLUMNS) {
    const options = { width: column.width - 6, align: column.align };
    doc.text(cells[column.key], x + (column.align === "left" ? 0 : 3), y, options);
    height = Math.max(height, doc.heightOfString(cells[column.key], options));
    x += column.width;
  }
  return height;
}

function rowHeight(doc: PDFKit.PDFDocument, cells: Cells, font: "regular" | "medium") {
  doc.font(font).fontSize(8.5);
  return Math.max(
    ...COLUMNS.map((column) => doc.heightOfString(cells[column.key], { width: column.width - 6 })),
  );
}

function drawTableHead(doc: PDFKit.PDFDocument, y: number): number {
  const head = Object.fromEntries(COLUMNS.map((column) => [column.key, column.label])) as Cells;
  const height = drawRow(doc, head, y, "medium", MUTED);
  const below = y + height + 4;
  doc
    .moveTo(MARGIN, below)
    .lineTo(MARGIN + WIDTH, below)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  return below + 5;
}

/** A new page that says whose continuation it is; returns where its content starts. */
function continuationPage(doc: PDFKit.PDFDocument, content: DocumentContent): number {
  doc.addPage();
  doc
    .font("medium")
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${documentTitle(content)} ${content.number} (continued)`, MARGIN, MARGIN, { width: WIDTH });
  return MARGIN + 22;
}

function drawLines(
  doc: PDFKit.PDFDocument,
  content: DocumentContent,
  top: number,
  money: (cents: number) => string,
): number {
  let y = drawTableHead(doc, top);
  content.lines.forEach((line: DocumentLine) => {
    const cells: Cells = {
      description: line.description,
      quantity: String(line.quantity),
      unit: money(line.unitNetCents),
      net: money(line.netCents),
      rate: formatRate(line.rateBasisPoints),
      vat: money(line.taxCents),
      gross: money(line.grossCents),
    };
    const height = rowHeight(doc, cells, "regular");
    if (y + height > BOTTOM) {
      y = drawTableHead(doc, continuationPage(doc, content));
    }
    drawRow(doc, cells, y, "regular");
    y += height + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y += 5;
  });
  return y;
}

function drawSummary(
  doc: PDFKit.PDFDocument,
  content: DocumentContent,
  top: number,
  money: (cents: number) => string,
): number {
  const rows = content.taxSummary.length;
  const needed = 14 * (rows + 1) + 70;
  let y = top;
  if (y + needed > BOTTOM) y = continuationPage(doc, content);
  // per-rate summary (Art. 226 (8), (10)), left
  const x = MARGIN;
  const widths = [60, 75, 65, 75];
  const cell = (text: string, column: number, at: number, font: "regular" | "medium", color = INK) => {
    const left = x + widths.slice(0, column).reduce((sum, width) => sum + width, 0);
    doc
      .font(font)
      .fontSize(8.5)
      .fillColor(color)
      .text(text, left, at, { width: (widths[column] ?? 60) - 6, align: column === 0 ? "left" : "right" });
  };
  label(doc, "VAT summary", x, y);
  let summaryY = y + 13;
  ["VAT rate", "Net", "VAT", "Gross"].forEach((name, column) => {
    cell(name, column, summaryY, "medium", MUTED);
  });
  summaryY += 13;
  for (const entry of content.taxSummary) {
    cell(formatRate(entry.rateBasisPoints), 0, summaryY, "regular");
    cell(money(entry.netCents), 1, summaryY, "regular");
    cell(money(entry.taxCents), 2, summaryY, "regular");
    cell(money(entry.netCents + entry.taxCents), 3, summaryY, "regular");
    summaryY += 13;
  }

  // totals (Art. 226 (8), (10)), right
  const totalsX = MARGIN + WIDTH - 210;
  const credit = content.kind === "credit_note";
  const totals: [string, string][] = [
    ["Total net", money(content.totals.netCents)],
    ["Total VAT", money(content.totals.taxCents)],
  ];
  let totalsY = y;
  for (const [name, value] of totals) {
    doc.font("regular").fontSize(9).fillColor(MUTED).text(name, totalsX, totalsY, { width: 110 });
    doc
      .font("regular")
      .fillColor(INK)
      .text(value, totalsX + 110, totalsY, { width: 100, align: "right" });
    totalsY += 15;
  }
  doc
    .moveTo(totalsX, totalsY)
    .lineTo(MARGIN + WIDTH, totalsY)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  totalsY += 6;
  const grossLabel = `${credit ? "Total credited" : "Total"} (${content.currency})`;
  doc.font("medium").fontSize(11).fillColor(INK).text(grossLabel, totalsX, totalsY, { width: 110 });
  doc.text(money(content.totals.grossCents), totalsX + 110, totalsY, { width: 100, align: "right" });
  totalsY = doc.y;
  return Math.max(summaryY, totalsY);
}

function drawNotes(doc: PDFKit.PDFDocument, content: DocumentContent, top: number) {
  const notes = [
    content.kind === "credit_note"
      ? `This credit note reduces invoice ${content.invoiceNumber} by the amounts above; they are refunded to the original means of payment.`
      : "Paid in full. Thank you for your order.",
    "Unit prices and line amounts are net of VAT and after any discount; the VAT is charged at the rate of the country of delivery.",
    content.couponCode ? `Coupon ${content.couponCode} applied: its discount is shared over the lines.` : "",
  ].filter(Boolean);
  let y = top;
  if (y + 14 * notes.length > BOTTOM) y = continuationPage(doc, content);
  doc.font("regular").fontSize(8).fillColor(MUTED);
  doc.text(notes.join("\n"), MARGIN, y, { width: WIDTH, lineGap: 2 });
}

/** On every page: the document's number, the seller, and "Page n of m". */
function drawFooters(doc: PDFKit.PDFDocument, content: DocumentContent) {
  const range = doc.bufferedPageRange();
  const seller = [content.seller.legalName, content.seller.vatId && `VAT ID ${content.seller.vatId}`]
    .filter(Boolean)
    .join(" · ");
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const y = PAGE.height - MARGIN - 8;
    // writing below the bottom margin must not start a new page
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font("regular")
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${documentTitle(content)} ${content.number} · ${seller}`, MARGIN, y, {
        width: WIDTH - 80,
        lineBreak: false,
      });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + WIDTH - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}
