import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { providerTaxRate } from "../db/schema";
import type { PaymentProviderId } from "./payment-provider";

/** One of our rates as a provider needs it: where, how much, and whether prices include it. */
export interface TaxRateKey {
  country: string;
  rateBasisPoints: number;
  inclusive: boolean;
}

/**
 * Where a driver keeps the ids of the rate objects it made at its provider (Stripe Tax Rates), so
 * each rate is made once and reused by every later session (docs/TAX.md#payments-and-stripe).
 */
export interface ProviderTaxRateStore {
  /** The provider's id for this rate, or null when none was made yet. */
  find(key: TaxRateKey): Promise<string | null>;
  /**
   * Keeps the id of a rate just made and returns the one to use: when another checkout kept one
   * for the same rate first, that one, so every session after it uses a single rate.
   */
  keep(key: TaxRateKey, providerRateId: string): Promise<string>;
}

/** The store on the provider_tax_rate table. */
export function createProviderTaxRateStore(options: {
  db: Database;
  provider: PaymentProviderId;
}): ProviderTaxRateStore {
  const { db, provider } = options;

  async function find(key: TaxRateKey): Promise<string | null> {
    const [row] = await db
      .select({ providerRateId: providerTaxRate.providerRateId })
      .from(providerTaxRate)
      .where(
        and(
          eq(providerTaxRate.provider, provider),
          eq(providerTaxRate.country, key.country),
          eq(providerTaxRate.rateBasisPoints, key.rateBasisPoints),
          eq(providerTaxRate.inclusive, key.inclusive),
        ),
      );
    return row?.providerRateId ?? null;
  }

  return {
    find,
    async keep(key, providerRateId) {
      // the primary key settles a race between two first checkouts: one row, the first one's id
      const [inserted] = await db
        .insert(providerTaxRate)
        .values({ provider, ...key, providerRateId })
        .onConflictDoNothing()
        .returning({ providerRateId: providerTaxRate.providerRateId });
      if (inserted) return inserted.providerRateId;
      const kept = await find(key);
      if (!kept) throw new Error(`provider_tax_rate for ${provider} ${JSON.stringify(key)} vanished`);
      return kept;
    },
  };
}
