import type { Database } from "../db/client";
import { taxRate } from "../db/schema";

/** Country code → VAT rate in basis points: public figures, the same for every shopper. */
export type VatRates = Record<string, number>;

/**
 * Every destination's VAT rate, for the estimates the cart and the shipping step show before an
 * order exists. The order itself is priced again by prepareOrder (taxForCountry).
 */
export async function loadVatRates(options: { db: Database }): Promise<VatRates> {
  const rows = await options.db
    .select({ country: taxRate.country, rateBasisPoints: taxRate.rateBasisPoints })
    .from(taxRate);
  return Object.fromEntries(rows.map((row) => [row.country, row.rateBasisPoints]));
}
