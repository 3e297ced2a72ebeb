import { signInAsAdmin } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/store";

// A browser far from the store (the test server runs with the defaults: en-US, UTC): a page that
// formatted dates with the browser's own locale or zone would change them during hydration.
test.use({ locale: "de-DE", timezoneId: "Pacific/Pago_Pago" });

test("dates are written in the store's locale and time zone, on the server and after hydration alike", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await signInAsAdmin(page);

  const response = await page.goto("/admin/dashboard");
  const html = (await response?.text()) ?? "";
  await waitForHydration(page);

  // "as of" in the page header: the moment the server computed the dashboard for
  const asOf = page.locator("main header time");
  const iso = (await asOf.getAttribute("datetime")) ?? "";
  const serverText = html.match(new RegExp(`<time datetime="${iso}">([^<]*)</time>`, "i"))?.[1];
  expect(serverText).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
  await expect(asOf).toHaveText(serverText ?? "");

  // the revenue table's days, e.g. "Thu, Mar 5, 2026", the same on both sides
  await page.getByText("Show the figures as a table").click();
  const firstDay = page
    .getByRole("table", { name: /Revenue per day/ })
    .getByRole("rowheader")
    .first();
  await expect(firstDay).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  expect(html).toContain(`>${await firstDay.textContent()}</th>`);

  expect(errors).toEqual([]);
});
