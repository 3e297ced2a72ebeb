import type { Locator, Page } from "@playwright/test";
import { animationsSettled } from "./animations";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every toast on screen that covers a button of `scope`, as "toast text / button name"; [] when
 * none does. A button counts by the part of it in view (IntersectionObserver: what a dialog's
 * scrolling body leaves visible), a toast by its box once the toasts have settled.
 */
export async function toastsOverButtons(page: Page, scope: Locator): Promise<string[]> {
  await animationsSettled(page, "[data-sonner-toaster]");
  const toasts = await page
    .locator("[data-sonner-toast][data-visible='true'][data-removed='false']")
    .evaluateAll((elements) =>
      elements.map((element) => ({
        text: element.textContent?.trim() ?? "",
        box: element.getBoundingClientRect().toJSON() as Box,
      })),
    );
  const buttons = await scope.getByRole("button").evaluateAll((elements) =>
    Promise.all(
      elements.map(
        (element) =>
          new Promise<{ name: string; box: Box }>((resolve) => {
            const observer = new IntersectionObserver(([entry]) => {
              observer.disconnect();
              resolve({
                name: element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "",
                box: (entry?.intersectionRect.toJSON() ?? { x: 0, y: 0, width: 0, height: 0 }) as Box,
              });
            });
            observer.observe(element);
          }),
      ),
    ),
  );
  return toasts.flatMap((shown) =>
    buttons
      .filter((button) => button.box.width > 0 && button.box.height > 0 && overlap(shown.box, button.box))
      .map((button) => `${shown.text} / ${button.name}`),
  );
}
