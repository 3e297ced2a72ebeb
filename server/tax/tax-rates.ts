import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { checkoutMessages, EU_COUNTRIES } from "../../core/checkout";
import type { AppliedTax, TaxMode } from "../../core/tax";
import { AppError } from "../app-error";
import type { Database, Transaction } from "../db/client";
import { taxRate } from "../db/schema";

const require = createRequire(import.meta.url);

/** The package the rates are first taken from, with its version (docs/TAX.md#the-model). */
const salesTaxVersion: string = require("sales-tax/package.json").version;
const salesTaxRates: Record<string, { rate: number; type: string } | undefined> =
  require("sales-tax/res/sales_tax_rates.json");

export const RATE_SOURCE = `sales-tax ${salesTaxVersion}`;

/** The standard VAT rate of each EU state as the sales-tax package knows it, in basis points. */
export function packagedRates(): { country: string; rateBasisPoints: number }[] {
  return EU_COUNTRIES.map(({ code }) => {
    const entry = salesTaxRates[code];
    if (!entry || entry.type !== "vat")
      throw new Error(`sales-tax ${salesTaxVersion} has no VAT rate for ${code}`);
    return { country: code, rateBasisPoints: Math.round(entry.rate * 10_000) };
  });
}

/**
 * Gives every country the store ships to a rate, from the package, where it has none yet. A rate
 * that is already there (an admin's correction, or an older package's) is left as it is: the
 * rates screen shows where it differs from the package.
 */
export async function seedTaxRates(db: Database): Promise<void> {
  await db
    .insert(taxRate)
    .values(packagedRates().map((rate) => ({ ...rate, source: RATE_SOURCE })))
    .onConflictDoNothing();
}

/** The VAT of an order shipped to `country`: the shipping address's, never the browser's. */
export async function taxForCountry(
  db: Database | Transaction,
  country: string,
  mode: TaxMode,
): Promise<AppliedTax> {
  const [row] = await db.select().from(taxRate).where(eq(taxRate.country, country));
  // every EU state is seeded; a country without a rate is one the store does not ship to
  if (!row) throw new AppError("no_tax_rate", checkoutMessages.countryRequired);
  return { mode, country, rateBasisPoints: row.rateBasisPoints };
}

export function taxMode(config: { pricesIncludeTax: boolean }): TaxMode {
  return config.pricesIncludeTax ? "inclusive" : "exclusive";
}
