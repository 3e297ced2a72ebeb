import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EU_COUNTRIES } from "../../core/checkout";
import { createTestDatabase } from "../../tests/setup/test-database";
import { isAppError } from "../app-error";
import type { DatabaseHandle } from "../db/client";
import { taxRate } from "../db/schema";
import { packagedRates, RATE_SOURCE, seedTaxRates, taxForCountry } from "./tax-rates";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe("the seeded VAT rates", () => {
  it("cover the 27 states at the standard rates in force, including the 2024-2025 changes", async () => {
    const rows = await handle.db.select().from(taxRate);
    expect(rows.map((row) => row.country).sort()).toEqual(EU_COUNTRIES.map((country) => country.code).sort());
    const rate = (country: string) => rows.find((row) => row.country === country)?.rateBasisPoints;
    expect(rate("DE")).toBe(1900);
    expect(rate("HU")).toBe(2700);
    expect(rate("LU")).toBe(1700);
    // Finland 25.5 % since 2024-09, Slovakia 23 % since 2025-01, Estonia 24 % since 2025-07,
    // Romania 21 % since 2025-08
    expect(rate("FI")).toBe(2550);
    expect(rate("SK")).toBe(2300);
    expect(rate("EE")).toBe(2400);
    expect(rate("RO")).toBe(2100);
    expect(rows.every((row) => row.source === RATE_SOURCE)).toBe(true);
  });

  it("are seeded again only where a country has none: an admin's correction stays", async () => {
    await handle.db
      .update(taxRate)
      .set({ rateBasisPoints: 2000, source: "admin" })
      .where(eq(taxRate.country, "DE"));
    await handle.db.delete(taxRate).where(eq(taxRate.country, "HU"));
    await seedTaxRates(handle.db);
    expect(await taxForCountry(handle.db, "DE", "inclusive")).toEqual({
      mode: "inclusive",
      country: "DE",
      rateBasisPoints: 2000,
    });
    expect((await taxForCountry(handle.db, "HU", "exclusive")).rateBasisPoints).toBe(2700);
    expect(packagedRates()).toHaveLength(27);
  });

  it("refuse a destination the store has no rate for", async () => {
    const refused = await taxForCountry(handle.db, "US", "inclusive").catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("no_tax_rate");
  });
});
