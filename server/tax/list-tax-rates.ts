import { desc, sql } from "drizzle-orm";
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
  const [rows, changes] = await Promise.all([
    db
      .select({
        rate: taxRate,
        changedByEmail: sql<string | null>`(
          select ${taxRateChange.changedByEmail} from ${taxRateChange}
          where ${taxRateChange.country} = ${taxRate.country}
          order by ${taxRateChange.createdAt} desc, ${taxRateChange.id} desc limit 1)`,
      })
      .from(taxRate),
    db
      .select()
      .from(taxRateChange)
      .orderBy(desc(taxRateChange.createdAt), desc(taxRateChange.id))
      .limit(HISTORY_LIMIT),
  ]);
  const packaged = new Map(packagedRates().map((entry) => [entry.country, entry.rateBasisPoints]));
  const byCountry = new Map(rows.map((row) => [row.rate.country, row]));
  const rates = EU_COUNTRIES.flatMap(({ code }): TaxRateView[] => {
    const row = byCountry.get(code);
    if (!row) return [];
    const fromPackage = packaged.get(code);
    return [
      {
        country: code,
        countryName: countryName(code),
        rateBasisPoints: row.rate.rateBasisPoints,
        source: row.rate.source,
        updatedAt: row.rate.updatedAt.toISOString(),
        changedByEmail: row.changedByEmail,
        packageNote:
          fromPackage === undefined || fromPackage === row.rate.rateBasisPoints
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
