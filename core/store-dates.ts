// Dates and times in the store's locale and time zone (STORE_LOCALE, STORE_TIME_ZONE), the same
// text on the server (e-mails, withdrawal statements) and in the browser (app/lib/date-format.ts).

export interface DateSettings {
  locale: string;
  timeZone: string;
}

export interface DateFormat {
  /** An instant's date in the store's time zone: "Mar 5, 2026". */
  date(value: string | Date): string;
  /** An instant's time, 24-hour clock, zone named: "14:03 UTC". */
  time(value: string | Date): string;
  /** "Mar 5, 2026, 14:03 UTC". */
  dateTime(value: string | Date): string;
  /** A calendar day (not an instant), "2026-03-05" → "Mar 5". */
  dayShort(day: string): string;
  /** "2026-03-05" → "Thu, Mar 5, 2026". */
  dayLong(day: string): string;
}

export function createDateFormat({ locale, timeZone }: DateSettings): DateFormat {
  const inZone = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...options });
  // a calendar day is formatted at its UTC midnight in UTC, so no time zone can shift it
  const asDay = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
  const dateOptions = { year: "numeric", month: "short", day: "numeric" } as const;
  const timeOptions = {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  } as const;
  const date = inZone(dateOptions);
  const time = inZone(timeOptions);
  const dateTime = inZone({ ...dateOptions, ...timeOptions });
  const dayShort = asDay({ month: "short", day: "numeric" });
  const dayLong = asDay({ weekday: "short", ...dateOptions });
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    date: (value) => date.format(new Date(value)),
    time: (value) => time.format(new Date(value)),
    dateTime: (value) => dateTime.format(new Date(value)),
    dayShort: (day) => dayShort.format(midnight(day)),
    dayLong: (day) => dayLong.format(midnight(day)),
  };
}
