// Money is integer minor units ("cents") everywhere, in one currency per order; text exists only on
// screen, in e-mails and in documents. The store sells in STORE_CURRENCY (docs/CURRENCY.md); an order
// keeps the currency it was sold in, so a store that changes currency shows its old orders in theirs.

/** The spec's currency, and the store's unless STORE_CURRENCY says otherwise. */
export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_LOCALE = "en-US";

/**
 * Currencies Stripe does not charge in two decimals (stripe.com/docs/currencies): zero-decimal ones
 * (an amount of 100 is ¥100, not ¥1.00) and three-decimal ones. Money here is cents, so these are
 * refused at start; ISO 4217 says they have 0 or 3 minor digits, and so does Intl, but Stripe's
 * list is the one that decides.
 */
const NOT_TWO_DECIMAL = new Set([
  ...["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV"],
  ...["XAF", "XOF", "XPF", "ISK", "BHD", "JOD", "KWD", "OMR", "TND"],
]);

/** Stripe charges these in two decimals although ISO 4217 (and Intl) writes them without. */
const TWO_DECIMAL_AT_STRIPE = new Set(["HUF", "TWD"]);

/** "eur" → "EUR" when it is an ISO 4217 code that is charged in two decimals; otherwise null. */
export function twoDecimalCurrency(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || NOT_TWO_DECIMAL.has(code)) return null;
  if (!Intl.supportedValuesOf("currency").includes(code)) return null;
  if (TWO_DECIMAL_AT_STRIPE.has(code)) return code;
  const digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions();
  return digits.maximumFractionDigits === 2 ? code : null;
}

// building a formatter costs far more than using one: one per locale and currency
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, wholeUnits: boolean): Intl.NumberFormat {
  const key = `${locale} ${currency} ${wholeUnits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      // always the cents the amount has, also where the currency is written without (HUF)
      ...(wholeUnits
        ? { minimumFractionDigits: 0, maximumFractionDigits: 0 }
        : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    });
    formatters.set(key, format);
  }
  return format;
}

export interface MoneySettings {
  /** ISO 4217, upper or lower case. */
  currency: string;
  /** BCP 47; decides the symbol's place and the separators ("€12.50" in en-US, "12,50 €" in de-DE). */
  locale: string;
}

/** The spec's currency and locale, the store's by default; an order's amounts use the order's currency. */
export const DEFAULT_MONEY: MoneySettings = { currency: DEFAULT_CURRENCY, locale: DEFAULT_LOCALE };

/** 1250 → "€12.50" (en-US, EUR). */
export function formatMoney(cents: number, { currency, locale }: MoneySettings): string {
  return formatter(currency.toUpperCase(), locale, false).format(cents / 100);
}

/** A round amount as a sentence names it: 10000 → "$100" (an amount with cents keeps them). */
export function formatMoneyShort(cents: number, settings: MoneySettings): string {
  if (cents % 100 !== 0) return formatMoney(cents, settings);
  return formatter(settings.currency.toUpperCase(), settings.locale, true).format(cents / 100);
}

// every price on a page asks for it (useMoney): found once per locale and currency
const symbols = new Map<string, string>();

/** The currency's symbol in the store's locale: "$", "€", "zł". */
export function currencySymbol({ currency, locale }: MoneySettings): string {
  const code = currency.toUpperCase();
  const key = `${locale} ${code}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    const parts = formatter(code, locale, false).formatToParts(0);
    symbol = parts.find((part) => part.type === "currency")?.value ?? code;
    symbols.set(key, symbol);
  }
  return symbol;
}

/** Parses an amount typed by a person ("12.5", "12.50") into cents; null if it is not one. */
export function parseAmountToCents(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
