// The invoice and credit note PDFs as a reader sees them: rendered to PNG with pdftoppm (poppler-utils)
// into .tmp/invoices/ for a person to look at, and their text read back with pdftotext to check that
// every field Art. 226 of the VAT Directive asks for is printed.
import { execFile } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../core/money";
import { DEMO_SELLER } from "../../core/seller";
import { type DocumentContent, documentLine, summarizeLines } from "./document-content";
import { renderDocumentPdf } from "./render-document-pdf";

const run = promisify(execFile);
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

/** Writes the PDF, renders every page to PNG and returns the text (layout kept, one page per \f). */
async function renderAndRead(name: string, content: DocumentContent) {
  await mkdir(OUT, { recursive: true });
  const file = path.join(OUT, `${name}.pdf`);
  await writeFile(file, await renderDocumentPdf(content));
  await run("pdftoppm", ["-png", "-r", "80", file, path.join(OUT, name)]);
  const pngs = (await readdir(OUT)).filter((entry) => new RegExp(`^${name}-\\d+\\.png$`).test(entry));
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  return { text: stdout, pages: pngs.length };
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
