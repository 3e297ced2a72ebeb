import { useRouteLoaderData } from "react-router";
import { createDateFormat, type DateFormat, type DateSettings } from "../../core/store-dates";

// Dates and times in the store's locale and time zone (STORE_LOCALE, STORE_TIME_ZONE). A page is
// rendered on the server and hydrated in the browser: both must produce the very same text, so
// neither side uses its own locale or zone; the root loader hands the configured ones to the browser.

/** What the root loader sends when nothing is configured (server/config.ts has the same defaults). */
const DEFAULT_SETTINGS: DateSettings = { locale: "en-US", timeZone: "UTC" };

// building a formatter costs far more than using one: one per settings, for every component
const formats = new Map<string, DateFormat>();

/** The store's date format, with the locale and time zone from the root loader. */
export function useDateFormat(): DateFormat {
  const root = useRouteLoaderData<Partial<DateSettings>>("root");
  const locale = root?.locale ?? DEFAULT_SETTINGS.locale;
  const timeZone = root?.timeZone ?? DEFAULT_SETTINGS.timeZone;
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = createDateFormat({ locale, timeZone });
    formats.set(key, format);
  }
  return format;
}
