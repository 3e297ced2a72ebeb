// The invoice and credit note PDFs as a reader sees them: each page rendered to PNG with pdf.js (the
// reader Firefox ships) into .tmp/invoices/ for a person to look at, and its text read back, row by
// row as printed, to check that every field Art. 226 of the VAT Directive asks for is there. In
// JavaScript, so that `npm test` needs nothing installed beside the packages.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money";
import { DEMO_SELLER } from "../../core/seller";
import { type DocumentContent, documentLine, summarizeLines } from "./document-content";
import { renderDocumentPdf } from "./render-document-pdf";

const OUT = path.resolve(".tmp/invoices");

/** An invoice in euros with a 19 % line, a 7 % line (to show two rates) and shipping. */
function invoiceContent(lineCount = 2): DocumentContent {
  const lines = [
    documentLine({
      description: "Eclipse Hoodie (size M)",
      quantity: 2,
      netCents: 7561,
      taxCents: 1437,
      rateBasisPoints: 1900,
    }),
    documentLine({
      description: "Łódź Night Tee – Größe L (size L)",
      quantity: 1,
      netCents: 2336,
      taxCents: 164,
      rateBasisPoints: 700,
    }),
    ...Array.from({ length: Math.max(0, lineCount - 2) }, (_, index) =>
      documentLine({
        description: `Midnight Cargo Pant ${index + 1} with a rather long product name that wraps (size ${["S", "M", "L"][index % 3]})`,
        quantity: (index % 3) + 1,
        netCents: 4201 * ((index % 3) + 1),
        taxCents: 798 * ((index % 3) + 1),
        rateBasisPoints: 1900,
      }),
    ),
    documentLine({
      description: "Shipping",
      quantity: 1,
      netCents: 839,
      taxCents: 160,
      rateBasisPoints: 1900,
    }),
  ];
  return {
    kind: "invoice",
    number: "INV-2026-000042",
    issuedOn: "2026-11-27",
    suppliedOn: "2026-11-26",
    storeName: "Nocturn",
    seller: { ...DEMO_SELLER },
    customer: { name: "Zoë Ősz", addressLines: ["Torstraße 101", "10119 Berlin", "Germany"] },
    orderNumber: "NOC-10042",
    currency: "EUR",
    locale: "en-US",
    pricesIncludeTax: true,
    lines,
    ...summarizeLines(lines),
    paymentMethod: "Visa •••• 4242",
    couponCode: "WELCOME10",
  };
}

function creditNoteContent(): DocumentContent {
  const billed = invoiceContent();
  const lines = [billed.lines[0]!].map((line) =>
    documentLine({ ...line, quantity: 1, netCents: 3781, taxCents: 718 }),
  );
  return {
    ...billed,
    kind: "credit_note",
    number: "CN-2026-000007",
    issuedOn: "2026-12-03",
    lines,
    ...summarizeLines(lines),
    invoiceNumber: billed.number,
    invoiceIssuedOn: billed.issuedOn,
    reason: "Return RMA-5001",
  };
}

/**
 * A page's text as rows, top to bottom: the runs printed on one baseline, left to right, with two
 * spaces where a gap separates them (a column, a label from its value) and none where pdfkit only
 * split a word to kern it.
 */
function pageRows(items: TextItem[]) {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    if (item.str.trim() === "") continue;
    const baseline = Math.round(item.transform[5]);
    rows.set(baseline, [...(rows.get(baseline) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => {
      row.sort((a, b) => a.transform[4] - b.transform[4]);
      return row
        .map((item, index) => {
          const before = row[index - 1];
          if (!before) return item.str;
          const gap = item.transform[4] - (before.transform[4] + before.width);
          return (gap > Math.abs(item.transform[0]) * 0.3 ? "  " : "") + item.str;
        })
        .join("");
    })
    .join("\n");
}

/** Writes the PDF, renders every page to PNG and returns the text (one page per \f). */
async function renderAndRead(name: string, content: DocumentContent) {
  await mkdir(OUT, { recursive: true });
  const bytes = await renderDocumentPdf(content);
  await writeFile(path.join(OUT, `${name}.pdf`), bytes);
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages = document.numPages;
  const texts: string[] = [];
  for (let number = 1; number <= pages; number++) {
    const page = await document.getPage(number);
    const { items } = await page.getTextContent();
    texts.push(pageRows(items.filter((item): item is TextItem => "str" in item)));
    const viewport = page.getViewport({ scale: 80 / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    // pdf.js draws on any canvas with the 2D context's API; @napi-rs/canvas is the one it uses in Node
    const canvasContext = canvas.getContext("2d") as unknown as CanvasRenderingContext2D;
    await page.render({ canvasContext, viewport }).promise;
    await writeFile(path.join(OUT, `${name}-${number}.png`), canvas.toBuffer("image/png"));
  }
  await document.destroy();
  return { text: texts.join("\f"), pages };
}

const euros = (cents: number) => formatMoney(cents, { currency: "EUR", locale: "en-US" });

/** Every field of Art. 226 that the document prints, found in its text. */
function expectArticle226Fields(text: string, content: DocumentContent) {
  const flat = text.replace(/\s+/g, " ");
  for (const field of [
    content.seller.legalName,
    content.seller.address,
    `VAT ID ${content.seller.vatId}`,
    content.customer.name,
    ...content.customer.addressLines,
    content.number,
    "Date of issue",
    "Date of supply",
    "Nov 26, 2026",
    content.orderNumber,
    "Currency EUR",
    `Total (EUR)`.replace("Total", content.kind === "invoice" ? "Total" : "Total credited"),
    "Total net",
    "Total VAT",
    euros(content.totals.netCents),
    euros(content.totals.taxCents),
    euros(content.totals.grossCents),
  ]) {
    expect(flat, field).toContain(field);
  }
  for (const line of content.lines.slice(0, 3)) {
    const row = text.split("\n").find((entry) => entry.includes(line.description.slice(0, 20)));
    expect(row, line.description).toBeDefined();
    for (const cell of [
      String(line.quantity),
      euros(line.unitNetCents),
      euros(line.netCents),
      `${line.rateBasisPoints / 100}%`,
      euros(line.taxCents),
      euros(line.grossCents),
    ]) {
      expect(row, `${line.description}: ${cell}`).toContain(cell);
    }
  }
  for (const rate of content.taxSummary) {
    const row = text
      .split("\n")
      .find(
        (entry) =>
          entry.trim().startsWith(`${rate.rateBasisPoints / 100}%`) && entry.includes(euros(rate.taxCents)),
      );
    expect(row, `summary ${rate.rateBasisPoints}`).toContain(euros(rate.netCents));
  }
}

describe("the document PDFs", () => {
  it("an invoice shows every field Art. 226 asks for, € and accented names included", async () => {
    const content = invoiceContent();
    const { text, pages } = await renderAndRead("invoice", content);
    expect(pages).toBe(1);
    expectArticle226Fields(text, content);
    expect(text).toContain("Nov 27, 2026");
    expect(text).toContain("Visa •••• 4242");
  });

  it("a credit note names the invoice it credits and why", async () => {
    const content = creditNoteContent();
    const { text } = await renderAndRead("credit-note", content);
    expectArticle226Fields(text, content);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Credit note for invoice INV-2026-000042");
    expect(flat).toContain("Reason: Return RMA-5001");
    expect(flat).toContain("CREDIT NOTE");
  });

  it("40 lines run over several pages, each numbered, with the table's head repeated", async () => {
    const content = invoiceContent(40);
    const { text, pages } = await renderAndRead("invoice-40-lines", content);
    expect(pages).toBeGreaterThan(1);
    const pageTexts = text.split("\f").filter((page) => page.trim() !== "");
    expect(pageTexts).toHaveLength(pages);
    pageTexts.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages}`);
      expect(page).toContain("Unit price");
      if (index > 0) expect(page).toContain(`Invoice ${content.number} (continued)`);
    });
    for (const line of content.lines) expect(text).toContain(euros(line.grossCents));
    expect(text).toContain(euros(content.totals.grossCents));
  });
});
