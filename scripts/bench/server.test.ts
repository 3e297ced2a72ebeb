// The bench measures the store as it is shipped: started the way `npm run serve` and the image do.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { STORE_MALLOC_ENV, STORE_NODE_FLAGS } from "./server";

const settings = Object.entries(STORE_MALLOC_ENV).map(([name, value]) => `${name}=${value}`);

describe("the store's start in the bench", () => {
  it("has the settings of package.json's serve script", async () => {
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
    const serve = pkg.scripts.serve ?? "";
    for (const setting of settings) expect(serve).toContain(setting);
    expect(serve).toContain(`node ${STORE_NODE_FLAGS.join(" ")} server.js`);
  });

  it("has the settings of the container image", async () => {
    const dockerfile = await readFile("Dockerfile", "utf8");
    for (const setting of settings) expect(dockerfile).toContain(setting);
    const command = ["node", ...STORE_NODE_FLAGS, "server.js"].map((word) => JSON.stringify(word)).join(", ");
    expect(dockerfile).toContain(`CMD [${command}]`);
  });
});
