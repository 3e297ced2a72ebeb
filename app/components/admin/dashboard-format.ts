// Dates and amounts for the dashboard, written out by hand in UTC: the page is rendered on the
// server, and the very same text must come out of the browser during hydration.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-03-05" → "Mar 5". */
export function formatDayShort(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "2026-03-05" → "Thu, Mar 5, 2026". */
export function formatDayLong(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** An instant as "Mar 5, 2026, 14:03 UTC". */
export function formatUtcDateTime(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Whole dollars with thousands separators, cents only when there are some: "$12,500", "$2.50". */
export function formatAxisDollars(cents: number): string {
  const dollars = cents / 100;
  const [whole = "0", fraction] = (Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2)).split(
    ".",
  );
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `$${grouped}.${fraction}` : `$${grouped}`;
}

/** "1 paid order", "3 paid orders". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
