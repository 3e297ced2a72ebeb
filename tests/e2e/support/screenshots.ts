import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/** Screenshots for people to look at (not compared): SHOTS=folder. */
const SHOTS = process.env.SHOTS;

/** The page at a phone's and a laptop's width, when SHOTS names a folder; then back to the test's own size. */
export async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const own = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(own);
}

/** The page as it is now, at the window's current size, when SHOTS names a folder. */
export async function shotAsIs(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

/** One part of the page at a phone's and a laptop's width, when SHOTS names a folder; then back. */
export async function shotOf(locator: Locator, name: string) {
  if (!SHOTS) return;
  const page = locator.page();
  const own = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // centred, so a sticky header does not cover its top
    await locator.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await locator.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(own);
}
