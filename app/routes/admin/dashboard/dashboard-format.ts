// Amounts for the dashboard, written out by hand: the page is rendered on the server, and the very
// same text must come out of the browser during hydration (days: useDateFormat in ~/lib/date-format).

/** Whole dollars with thousands separators, cents only when there are some: "$12,500", "$2.50". */
export function formatAxisDollars(cents: number): string {
  const dollars = cents / 100;
  const [whole = "0", fraction] = (Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2)).split(
    ".",
  );
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `$${grouped}.${fraction}` : `$${grouped}`;
}
