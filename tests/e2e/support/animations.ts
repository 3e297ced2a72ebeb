import type { Page } from "@playwright/test";

/**
 * Resolves once the running animations and transitions inside `within` (the whole page when not
 * given) have ended: a toast sliding in or fading out, a dialog opening. Whatever is read during
 * one (a box, a computed colour) is a moment of it. Endless ones (a spinner) are not waited for.
 */
export async function animationsSettled(page: Page, within = ":root"): Promise<void> {
  await page.evaluate(
    (selector) =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return (
              animation.playState === "running" &&
              animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY &&
              target instanceof Element &&
              target.closest(selector) !== null
            );
          })
          // an element removed meanwhile cancels its animation
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    within,
  );
}
