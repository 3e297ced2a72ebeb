import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "../db/client";
import { createProviderTaxRateStore } from "./provider-tax-rates";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("the provider tax rate store", () => {
  const germany = { country: "DE", rateBasisPoints: 1900, inclusive: true };

  it("keeps the first id made for a rate: a second checkout that made one too is given the first", async () => {
    const store = createProviderTaxRateStore({ db: database.db, provider: "stripe" });
    expect(await store.find(germany)).toBeNull();

    const [first, second] = await Promise.all([
      store.keep(germany, "txr_first"),
      store.keep(germany, "txr_second"),
    ]);

    expect(second).toBe(first);
    expect(await store.find(germany)).toBe(first);
  });

  it("tells rates apart by country, rate, inclusiveness and provider", async () => {
    const stripe = createProviderTaxRateStore({ db: database.db, provider: "stripe" });
    await stripe.keep({ country: "FR", rateBasisPoints: 2000, inclusive: true }, "txr_fr_incl");

    expect(await stripe.find({ country: "FR", rateBasisPoints: 2000, inclusive: false })).toBeNull();
    expect(await stripe.find({ country: "FR", rateBasisPoints: 2100, inclusive: true })).toBeNull();
    expect(await stripe.find({ country: "BE", rateBasisPoints: 2000, inclusive: true })).toBeNull();
    const test = createProviderTaxRateStore({ db: database.db, provider: "test" });
    expect(await test.find({ country: "FR", rateBasisPoints: 2000, inclusive: true })).toBeNull();
  });
});
