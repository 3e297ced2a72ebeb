import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { animationsSettled } from "./animations";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe (WCAG 2.1 A and AA) on the page, or on the part matching `include`, and fails with a
 * readable list of serious and critical violations. It waits for what is animating first: axe
 * reads computed colours, and a toast fading in or out blends its text with the page behind.
 */
export async function expectNoSeriousViolations(page: Page, include?: string) {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  const report = serious
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : "";
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join("\n\n");
  expect(serious, `axe violations on ${page.url()}:\n\n${report}`).toEqual([]);
}
