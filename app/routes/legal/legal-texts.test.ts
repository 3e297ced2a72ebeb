import { describe, expect, it } from "vitest";
import { DEMO_SELLER, type Seller } from "../../../core/seller";
import { currencyName, type LegalBlock, legalDocument } from "./legal-texts";
import type { LegalSectionId } from "./legal-titles";

const demo = { seller: DEMO_SELLER, returnWindowDays: 30, currencyName: "US dollars" };

/** Everything a document says, as one string. */
function wording(id: LegalSectionId, facts = demo): string {
  const texts = (block: LegalBlock) => [
    block.heading,
    ...block.paragraphs.map((paragraph) =>
      typeof paragraph === "string" ? paragraph : `${paragraph.text} ${paragraph.link.label}`,
    ),
    ...(block.facts ?? []).map((fact) => `${fact.label}: ${fact.value}`),
    ...(block.list?.items ?? []),
    block.note ?? "",
  ];
  return legalDocument(id, facts).sections.flatMap(texts).join("\n");
}

describe("the legal texts filled in from the settings", () => {
  it("the withdrawal instructions name the seller, the return address and who pays the return", () => {
    const text = wording("withdrawal");
    expect(text).toContain(
      "you must inform us (Nocturn Apparel GmbH, 123 Night Street, 10115 Berlin, Germany, phone +49 30 1234 5678, e-mail support@nocturn.store)",
    );
    expect(text).toContain("hand them over to us at Nocturn Apparel GmbH, Returns, 123 Night Street");
    expect(text).toContain("You will have to bear the direct cost of returning the goods.");
    expect(text).toContain(
      "You can also use the withdrawal function on our website: Withdraw from contract here",
    );
  });

  it("the legal notice lists the fields that are set, and only those", () => {
    expect(wording("notice")).toContain("VAT identification number: DE123456789");
    const unset: Seller = { ...DEMO_SELLER, tradeRegister: "", phone: "" };
    const text = wording("notice", { ...demo, seller: unset });
    expect(text).not.toContain("Trade register");
    expect(text).toContain("by e-mail at support@nocturn.store, for questions");
  });

  it("the returns policy follows RETURN_WINDOW_DAYS, and with 0 describes the right of withdrawal alone", () => {
    expect(wording("returns", { ...demo, returnWindowDays: 45 })).toContain("45-Day Voluntary Returns");
    const none = legalDocument("returns", { ...demo, returnWindowDays: 0 });
    expect(none.sections.map((block) => block.heading)).toEqual([
      "Two Ways to Send Items Back",
      "Right of Withdrawal (14 Days)",
    ]);
    expect(wording("returns", { ...demo, returnWindowDays: 0 })).toContain(
      "We do not offer voluntary returns beyond it.",
    );
  });

  it("the terms name the store's currency", () => {
    expect(wording("terms")).toContain("Prices are shown in US dollars.");
    expect(wording("terms", { ...demo, currencyName: currencyName("EUR") })).toContain(
      "Prices are shown in euros.",
    );
  });

  it("without an address, the withdrawal instructions point to the legal notice instead of a made-up one", () => {
    const text = wording("withdrawal", { ...demo, seller: { ...DEMO_SELLER, address: "" } });
    expect(text).toContain("hand them over to us at the address on our legal notice");
  });
});
