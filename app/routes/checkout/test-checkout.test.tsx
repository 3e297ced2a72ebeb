// @vitest-environment happy-dom
import { useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import type { TestCheckoutContents } from "../../../server/payments/test-provider";
import { renderRoutes } from "../../../tests/setup/render-route";
import type { Route } from "./+types/test-checkout";
import TestCheckout from "./test-checkout";

/** Each part's VAT at 19 %, half up: taken out of the amounts, or added to them. */
const VAT = {
  inclusive: { lamp: 1_802, shade: 447, shipping: 160 },
  exclusive: { lamp: 2_145, shade: 532, shipping: 190 },
};

/** A discounted lamp, two shades and shipping to Berlin, as start-payment hands them over. */
function contents(behavior: "inclusive" | "exclusive"): TestCheckoutContents {
  const vat = VAT[behavior];
  return {
    lines: [
      {
        name: "Obsidian Desk Lamp",
        unitAmountCents: 11_288,
        quantity: 1,
        description: "Coupon NIGHT10: −$16.12",
        taxCents: vat.lamp,
      },
      { name: "Lamp Shade", unitAmountCents: 1_400, quantity: 2, taxCents: vat.shade },
    ],
    shipping: {
      label: "Shipping: Complementary Priority",
      description: "2-4 business days",
      amountCents: 999,
      taxCents: vat.shipping,
    },
    tax: {
      behavior,
      country: "DE",
      countryName: "Germany",
      rateBasisPoints: 1900,
      amountCents: vat.lamp + vat.shade + vat.shipping,
    },
  };
}

/** The page as the shopper sees it, with the loader's data. */
function renderPage(items: TestCheckoutContents, amountCents: number) {
  const loaderData = {
    open: true,
    storeName: "Nocturn",
    amountCents,
    customerEmail: "ada@example.com",
    items,
    cancelUrl: "/cart",
  };
  function Page() {
    const data = useLoaderData() as Route.ComponentProps["loaderData"];
    return <TestCheckout {...({ loaderData: data, actionData: undefined } as Route.ComponentProps)} />;
  }
  const { container } = renderRoutes([{ id: "page", path: "/", Component: Page, loader: () => loaderData }], {
    hydrationData: { loaderData: { page: loaderData } },
  });
  const rows = [...container.querySelectorAll("li")].map((row) => row.textContent?.replace(/\s+/g, " "));
  return { container, rows };
}

describe("the test checkout page", () => {
  it("lists the lines after the coupon, shipping, and the VAT the prices include", () => {
    const { rows } = renderPage(contents("inclusive"), 11_288 + 2_800 + 999);

    expect(rows).toEqual([
      "Obsidian Desk LampCoupon NIGHT10: −$16.12$112.88",
      "Lamp Shade × 2$28.00",
      "Shipping: Complementary Priority2-4 business days$9.99",
      "VAT 19% (Germany) included$24.09",
      "Total due$150.87",
    ]);
  });

  it("shows exclusive VAT as added to the lines", () => {
    const { container, rows } = renderPage(contents("exclusive"), 11_288 + 2_800 + 999 + 2_867);

    expect(rows).toContain("VAT 19% (Germany) added+$28.67");
    expect(rows.at(-1)).toBe("Total due$179.54");
    expect(container.querySelector("[data-testid=amount-due]")?.textContent).toBe("$179.54");
  });
});
