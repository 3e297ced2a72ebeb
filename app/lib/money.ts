import { useRouteLoaderData } from "react-router";
import {
  currencySymbol,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatMoney,
  formatMoneyShort,
  type MoneySettings,
} from "../../core/money";

// Amounts in the store's currency (STORE_CURRENCY) and locale, the same text on the server and in
// the browser: the root loader hands both to the browser, as it does for dates (useDateFormat).

/** Also the MoneySettings it formats with, so it can be handed to core functions that format. */
export interface MoneyFormat extends MoneySettings {
  /** 1250 → "€12.50". */
  (cents: number): string;
  /** A round amount as a sentence names it: 10000 → "€100". */
  short(cents: number): string;
  currency: string;
  /** "$", "€", "zł": where a label names the currency ("Minimum Order Amount (€)"). */
  symbol: string;
}

/**
 * The store's money format, or an order's: an order keeps the currency it was sold in, so pass
 * `order.currency` wherever the amounts are an order's.
 */
export function useMoney(currency?: string): MoneyFormat {
  const root = useRouteLoaderData<Partial<MoneySettings>>("root");
  const settings: MoneySettings = {
    currency: currency ?? root?.currency ?? DEFAULT_CURRENCY,
    locale: root?.locale ?? DEFAULT_LOCALE,
  };
  const format = (cents: number) => formatMoney(cents, settings);
  format.short = (cents: number) => formatMoneyShort(cents, settings);
  format.currency = settings.currency.toUpperCase();
  format.locale = settings.locale;
  format.symbol = currencySymbol(settings);
  return format;
}

/**
 * An amount as text, where a hook cannot be called once for all: a list whose rows are orders,
 * each in its own currency.
 */
export function Money({ cents, currency }: { cents: number; currency?: string }) {
  return useMoney(currency)(cents);
}
