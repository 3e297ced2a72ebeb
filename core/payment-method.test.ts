import { describe, expect, it } from "vitest";
import { cardLabel, paymentMethodLabel } from "./payment-method";

describe("paymentMethodLabel", () => {
  it("names a card by brand and last 4, a debit by the account's last 4, a bank redirect with its bank", () => {
    expect(paymentMethodLabel({ type: "card", brand: "visa", last4: "4242" })).toBe("Visa •••• 4242");
    expect(paymentMethodLabel({ type: "card", brand: "amex", last4: "0005" })).toBe(
      "American Express •••• 0005",
    );
    expect(paymentMethodLabel({ type: "sepa_debit", last4: "3000" })).toBe("SEPA Direct Debit •••• 3000");
    expect(paymentMethodLabel({ type: "ideal", bank: "ing" })).toBe("iDEAL (ING)");
    expect(paymentMethodLabel({ type: "ideal", bank: "abn_amro" })).toBe("iDEAL (ABN Amro)");
    expect(paymentMethodLabel({ type: "eps", bank: "bank_austria" })).toBe("EPS (Bank Austria)");
  });

  it("names the other methods by their own names, and one it does not know by its type", () => {
    expect(paymentMethodLabel({ type: "bancontact" })).toBe("Bancontact");
    expect(paymentMethodLabel({ type: "klarna" })).toBe("Klarna");
    expect(paymentMethodLabel({ type: "p24" })).toBe("Przelewy24");
    expect(paymentMethodLabel({ type: "eps" })).toBe("EPS");
    expect(paymentMethodLabel({ type: "new_wallet" })).toBe("New wallet");
    expect(paymentMethodLabel({ type: "card" })).toBe("Card");
  });
});

describe("cardLabel", () => {
  it("is null without a brand or last 4, and says Card for last 4 alone", () => {
    expect(cardLabel(null, null)).toBeNull();
    expect(cardLabel(null, "4242")).toBe("Card •••• 4242");
    expect(cardLabel("cartes_bancaires", "1001")).toBe("Cartes Bancaires •••• 1001");
  });
});
