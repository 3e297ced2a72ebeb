// What a store process holds while it serves pages: the libraries only an admin's image upload, an
// invoice or Stripe needs are loaded when first used (docs/PERFORMANCE.md, "Memory").
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../tests/setup/test-app";
import { loadSharp } from "../media/store-image";

const app = setupTestApp();

/** sharp's native library, libvips with its threads: about 25 MiB resident once loaded. */
const libvipsLoaded = async () => /libvips/.test(await readFile("/proc/self/maps", "utf8"));

describe("libraries loaded on first use", () => {
  it("serves every route's module without libvips, which the first image loads", async () => {
    // the first request loads the server build, every route module with it
    for (const path of ["/", "/products", "/login"]) expect((await app.fetch(path)).status).toBe(200);
    expect(await libvipsLoaded()).toBe(false);

    const sharp = await loadSharp();
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(pixel.subarray(1, 4).toString()).toBe("PNG");
    expect(await libvipsLoaded()).toBe(true);
  });
});
