import { eq, sql } from "drizzle-orm";
import { countryName } from "../../core/checkout";
import type { FormInput } from "../../core/validation/form-schema";
import { taxRateFormSchema, taxRateMessages } from "../../core/validation/tax-rate-form";
import { AppError, parseInput } from "../app-error";
import type { Database } from "../db/client";
import { taxRate, taxRateChange } from "../db/schema";

/** tax_rate.source of a rate an admin set (the package's rates say "sales-tax 2.23.0"). */
const ADMIN_SOURCE = "admin";

export interface SetTaxRateResult {
  country: string;
  countryName: string;
  previousBasisPoints: number;
  rateBasisPoints: number;
  /** False when the rate already was the one asked for: nothing was written. */
  changed: boolean;
}

/**
 * An admin sets one country's VAT rate (docs/TAX.md#the-model). The new rate applies to orders
 * priced from now on; placed orders keep the rate they carry. The change and its audit row
 * (who, from, to, when) are written in one transaction.
 */
export async function setTaxRate(options: {
  db: Database;
  admin: { id: string; email: string };
  /** The row's form: `country` and `rate` in percent. */
  input: FormInput;
}): Promise<SetTaxRateResult> {
  const { db, admin } = options;
  const { country, rate } = parseInput(taxRateFormSchema, options.input, "invalid_tax_rate");
  return db.transaction(async (tx) => {
    // the row lock queues two admins saving at once: the second reads the first's rate as its
    // "from", so the audit trail is a chain with no change lost
    const [current] = await tx.select().from(taxRate).where(eq(taxRate.country, country)).for("update");
    if (!current) throw new AppError("tax_rate_not_found", taxRateMessages.unknownCountry, 404);
    const result = {
      country,
      countryName: countryName(country),
      previousBasisPoints: current.rateBasisPoints,
      rateBasisPoints: rate,
    };
    if (current.rateBasisPoints === rate) return { ...result, changed: false };

    // clock_timestamp(), not now(): now() is when the transaction began, which for the admin who
    // waited for the lock can be before the change it waited for, and would misorder the history
    const changedAt = sql`clock_timestamp()`;
    await tx
      .update(taxRate)
      .set({ rateBasisPoints: rate, source: ADMIN_SOURCE, updatedBy: admin.id, updatedAt: changedAt })
      .where(eq(taxRate.country, country));
    await tx.insert(taxRateChange).values({
      country,
      previousBasisPoints: current.rateBasisPoints,
      rateBasisPoints: rate,
      changedBy: admin.id,
      changedByEmail: admin.email,
      createdAt: changedAt,
    });
    return { ...result, changed: true };
  });
}
