// Dates and times written out by hand in UTC. A page is rendered on the server, which does not know
// the reader's time zone, and the browser must produce the very same text during hydration; fixed
// month names and numbers do not depend on either side's locale data or zone.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant (ISO string or Date) as "Mar 5". */
export function formatUtcMonthDay(value: string | Date): string {
  const date = new Date(value);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "Mar 5, 2026". */
export function formatUtcDate(value: string | Date): string {
  return `${formatUtcMonthDay(value)}, ${new Date(value).getUTCFullYear()}`;
}

/** "Thu, Mar 5, 2026". */
export function formatUtcWeekdayDate(value: string | Date): string {
  return `${WEEKDAYS[new Date(value).getUTCDay()]}, ${formatUtcDate(value)}`;
}

/** "14:03 UTC". */
export function formatUtcTime(value: string | Date): string {
  const date = new Date(value);
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** "Mar 5, 2026, 14:03 UTC". */
export function formatUtcDateTime(value: string | Date): string {
  return `${formatUtcDate(value)}, ${formatUtcTime(value)}`;
}
