const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Money is integer cents everywhere; dollars exist only on screen. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Parses a dollar amount typed by a person ("12.5", "12.50") into cents; null if it is not one. */
export function parseUsdToCents(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
