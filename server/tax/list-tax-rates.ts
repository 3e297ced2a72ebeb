import { desc } from "drizzle-orm";
import { countryName, EU_COUNTRIES } from "../../core/checkout";
import { formatRate } from "../../core/tax";
import type { Database } from "../db/client";
import { taxRate, taxRateChange } from "../db/schema";
import { packagedRates, RATE_SOURCE } from "./tax-rates";

/** Changes shown under "History", newest first. */
const HISTORY_LIMIT = 20;

/** One country's rate as the tax rates screen shows it (dates as ISO strings). */
export interface TaxRateView {
  country: string;
  countryName: string;
  rateBasisPoints: number;
  /** "sales-tax 2.23.0" or "admin". */
  source: string;
  updatedAt: string;
  /** Who made the last change (kept as it was, so it outlives the account); null: never changed. */
  changedByEmail: string | null;
  /** "sales-tax 2.23.0 says 25.5%" where the package's rate differs from the store's; else null. */
  packageNote: string | null;
}

export interface TaxRateChangeView {
  id: string;
  country: string;
  countryName: string;
  previousBasisPoints: number;
  rateBasisPoints: number;
  changedByEmail: string;
  createdAt: string;
}

/**
 * Every country's rate in the order the checkout lists countries (by name), beside the packaged
 * rate, so the owner sees when the law moved; and the latest changes.
 */
export async function listTaxRates(options: {
  db: Database;
}): Promise<{ rates: TaxRateView[]; history: TaxRateChangeView[] }> {
  const { db } = options;
  const [rows, lastChanges, changes] = await Promise.all([
    db.select().from(taxRate),
    // each country's latest change: who made it, kept as it was in the audit
    db
      .selectDistinctOn([taxRateChange.country], {
        country: taxRateChange.country,
        changedByEmail: taxRateChange.changedByEmail,
      })
      .from(taxRateChange)
      .orderBy(taxRateChange.country, desc(taxRateChange.createdAt), desc(taxRateChange.id)),
    db
      .select()
      .from(taxRateChange)
      .orderBy(desc(taxRateChange.createdAt), desc(taxRateChange.id))
      .limit(HISTORY_LIMIT),
  ]);
  const packaged = new Map(packagedRates().map((entry) => [entry.country, entry.rateBasisPoints]));
  const byCountry = new Map(rows.map((row) => [row.country, row]));
  const changedBy = new Map(lastChanges.map((change) => [change.country, change.changedByEmail]));
  const rates = EU_COUNTRIES.flatMap(({ code }): TaxRateView[] => {
    const row = byCountry.get(code);
    if (!row) return [];
    const fromPackage = packaged.get(code);
    return [
      {
        country: code,
        countryName: countryName(code),
        rateBasisPoints: row.rateBasisPoints,
        source: row.source,
        updatedAt: row.updatedAt.toISOString(),
        changedByEmail: changedBy.get(code) ?? null,
        packageNote:
          fromPackage === undefined || fromPackage === row.rateBasisPoints
            ? null
            : `${RATE_SOURCE} says ${formatRate(fromPackage)}`,
      },
    ];
  });
  const history = changes.map((change) => ({
    id: change.id,
    country: change.country,
    countryName: countryName(change.country),
    previousBasisPoints: change.previousBasisPoints,
    rateBasisPoints: change.rateBasisPoints,
    changedByEmail: change.changedByEmail,
    createdAt: change.createdAt.toISOString(),
  }));
  return { rates, history };
}
