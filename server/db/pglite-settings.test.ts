// The embedded database runs with the settings sized for a shop (PGLITE_START_PARAMS).
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const handle = await openDatabase({});
afterAll(() => handle.close());

describe("the embedded database's settings", () => {
  it("runs with 16 MB of shared buffers instead of initdb's 128 MB", async () => {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows[0]?.shared_buffers).toBe("16MB");
  });
});
