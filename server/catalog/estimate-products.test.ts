import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestProduct } from "../../tests/setup/test-commerce";
import { createTestDatabase } from "../../tests/setup/test-database";
import type { DatabaseHandle } from "../db/client";
import { CATALOG_STATISTICS_TTL_MS, readCatalogStatistics } from "./estimate-products";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

const analyze = async () => {
  await handle.db.execute(sql`analyze product`);
  await handle.db.execute(sql`analyze product_color`);
};

describe("the catalog's statistics", () => {
  it("are read again once a minute has passed, and at once while the tables were never analysed", async () => {
    let clock = 1_000_000;
    const read = () => readCatalogStatistics(handle.db, () => clock);

    // never analysed: nothing to keep, so the first ANALYZE shows without waiting
    expect((await read()).isAnalysed).toBe(false);
    await insertTestProduct(handle.db);
    await insertTestProduct(handle.db);
    await analyze();
    const first = await read();
    expect(first).toMatchObject({ isAnalysed: true, products: 2 });

    // a later ANALYZE shows only once the kept read is a minute old
    await insertTestProduct(handle.db);
    await analyze();
    clock += CATALOG_STATISTICS_TTL_MS - 1;
    expect((await read()).products).toBe(2);
    clock += 1;
    expect((await read()).products).toBe(3);
  });
});
