import type { DatabaseHandle } from "./db/client";
import { seedTaxRates } from "./tax/tax-rates";

/**
 * At start, before anything reads the database: the schema brought up to date, then the reference
 * data the store needs in it (the VAT rates of the 27 states, seeded where a country has none).
 * Kept out of db/client.ts, which knows nothing of the store's tables' contents.
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedTaxRates(handle.db);
}
