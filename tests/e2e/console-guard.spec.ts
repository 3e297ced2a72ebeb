import { expect, test } from "./support/fixtures";
import { visit } from "./support/store";

// The fixture in support/fixtures.ts fails any test whose pages write console errors or warnings
// or throw; these tests show it does (test.fail: the test must fail to pass).
test.describe("the browser console guard", () => {
  test("fails a test whose page writes console.error", async ({ page }) => {
    test.fail();
    await visit(page, "/about");
    const logged = page.waitForEvent("console");
    await page.evaluate(() => console.error("Warning: Each child in a list should have a unique key prop."));
    await logged;
  });

  test("fails a test whose page throws", async ({ page }) => {
    test.fail();
    await visit(page, "/about");
    const thrown = page.waitForEvent("pageerror");
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("an uncaught error");
      });
    });
    await thrown;
  });

  test("lets a listed message through", async ({ page }) => {
    await visit(page, "/about");
    const logged = page.waitForEvent("console");
    await page.evaluate(() =>
      console.error("Failed to load resource: the server responded with a status of 404 (Not Found)"),
    );
    expect((await logged).type()).toBe("error");
  });
});
