// The way a customer paid, as the success page, the order and the receipt name it
// (docs/PAYMENTS.md). Read from the provider's charge, never from what the browser said.
import { capitalize } from "./order";

/** What the provider reports of the method a payment used. */
export interface PaymentMethodUsed {
  /** The provider's type: "card", "sepa_debit", "ideal", "bancontact", "klarna", "eps", "p24"... */
  type: string;
  /** "Visa •••• 4242", "SEPA Direct Debit •••• 3000", "iDEAL (ING)". */
  label: string;
}

const CARD_BRANDS: Record<string, string> = {
  amex: "American Express",
  cartes_bancaires: "Cartes Bancaires",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

const METHOD_NAMES: Record<string, string> = {
  card: "Card",
  sepa_debit: "SEPA Direct Debit",
  ideal: "iDEAL",
  bancontact: "Bancontact",
  klarna: "Klarna",
  eps: "EPS",
  p24: "Przelewy24",
  giropay: "giropay",
  sofort: "Sofort",
  link: "Link",
  paypal: "PayPal",
  revolut_pay: "Revolut Pay",
};

/** Four dots and the last 4 digits, as card pages print them. */
const masked = (last4: string) => `•••• ${last4}`;

/** "visa" + "4242" → "Visa •••• 4242"; no brand → "Card •••• 4242". */
export function cardLabel(brand: string | null | undefined, last4: string | null | undefined): string | null {
  if (!brand && !last4) return null;
  const name = brand ? (CARD_BRANDS[brand.toLowerCase()] ?? capitalize(brand)) : "Card";
  return last4 ? `${name} ${masked(last4)}` : name;
}

/**
 * The label of a method: a card by brand and last 4, a bank debit by the account's last 4, a
 * bank redirect with the bank when known; any other type by its own name.
 */
export function paymentMethodLabel(method: {
  type: string;
  brand?: string | null;
  last4?: string | null;
  bank?: string | null;
}): string {
  if (method.type === "card") return cardLabel(method.brand, method.last4) ?? "Card";
  const name = METHOD_NAMES[method.type] ?? capitalize(method.type);
  if (method.last4) return `${name} ${masked(method.last4)}`;
  if (method.bank) return `${name} (${bankName(method.bank)})`;
  return name;
}

/** Stripe writes banks in snake case ("ing", "abn_amro"): "ING", "ABN Amro"; short words read as acronyms. */
function bankName(bank: string): string {
  return bank
    .split("_")
    .map((word) => (word.length <= 3 ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}
