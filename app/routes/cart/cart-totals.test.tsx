// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { CartLine } from "../../../core/cart";
import { SHIPPING_CENTS } from "../../../core/delivery";
import { DEFAULT_MONEY, formatMoney } from "../../../core/money";
import { priceOrder } from "../../../core/pricing";
import { type AppliedTax, cartVatRow, type TaxMode } from "../../../core/tax";
import { renderRoutes } from "../../../tests/setup/render-route";
import { CartTotals } from "./cart-totals";

/** The store renders in its default currency here: no root loader names another. */
const usd = (cents: number) => formatMoney(cents, DEFAULT_MONEY);

/** Two hoodies at $89.00 and a tee at $35.00, in size M. */
const LINES: CartLine[] = [
  { id: "11111111-1111-4111-8111-111111111111", name: "Eclipse Hoodie", priceCents: 8_900, quantity: 2 },
  { id: "22222222-2222-4222-8222-222222222222", name: "Lowlight Tee", priceCents: 3_500, quantity: 1 },
].map(({ id, name, priceCents, quantity }) => ({
  product: { id, name, priceCents, category: null, image: null },
  size: { id: `size-of-${id}`, label: "M", stock: 10 },
  quantity,
}));

/** The summary as the cart renders it, with the store's tax mode from the root loader. */
function render(mode: TaxMode, tax: AppliedTax | null) {
  const rootData = { taxMode: mode };
  const { container } = renderRoutes(
    [
      {
        id: "root",
        path: "/",
        loader: () => rootData,
        Component: () => <CartTotals lines={LINES} tax={tax} />,
      },
    ],
    { hydrationData: { loaderData: { root: rootData } } },
  );
  const text = (testId: string) =>
    container.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, " ").trim();
  return {
    vatLabel: container.querySelector('[data-testid="vat-row"] dt')?.firstChild?.textContent?.trim(),
    vatNote: text("vat-note"),
    vatValue: text("vat-amount"),
    shipping: text("cart-shipping"),
    total: text("cart-total"),
    totalLabel: container.querySelector('[data-testid="cart-total"]')?.previousElementSibling?.textContent,
  };
}

const prices = LINES.map((line) => ({ priceCents: line.product.priceCents, quantity: line.quantity }));
const hungary = (mode: TaxMode): AppliedTax => ({ mode, country: "HU", rateBasisPoints: 2700 });

describe("the cart's totals", () => {
  it("with prices including VAT: shipping in the total, the VAT included, its amount once the country is known", () => {
    const before = render("inclusive", null);
    expect(before.shipping).toBe(usd(SHIPPING_CENTS));
    expect(before.total).toBe(usd(21_300 + SHIPPING_CENTS));
    expect(before.totalLabel).toBe("Total");
    expect([before.vatLabel, before.vatValue, before.vatNote]).toEqual([
      "VAT",
      "Included",
      cartVatRow("inclusive", null, DEFAULT_MONEY).note,
    ]);

    const known = priceOrder(prices, null, hungary("inclusive"));
    const after = render("inclusive", hungary("inclusive"));
    // the same total whatever the country: the VAT is inside it
    expect(after.total).toBe(before.total);
    expect([after.vatLabel, after.vatValue]).toEqual([
      "VAT 27% (Hungary)",
      `${usd(known.taxCents)} included`,
    ]);
    // the goods' VAT and the shipping's
    expect(known.taxCents).toBe(
      known.lines.reduce((sum, line) => sum + line.taxCents, known.shipping.taxCents),
    );
  });

  it("with prices excluding VAT: the VAT is added at checkout, then to the total", () => {
    const before = render("exclusive", null);
    expect(before.vatValue).toBe("Added at checkout");
    expect(before.total).toBe(usd(21_300 + SHIPPING_CENTS));
    expect(before.totalLabel).toBe("Total excl. VAT");

    const known = priceOrder(prices, null, hungary("exclusive"));
    const after = render("exclusive", hungary("exclusive"));
    expect([after.vatLabel, after.vatValue]).toEqual(["VAT 27% (Hungary)", usd(known.taxCents)]);
    expect(after.total).toBe(usd(21_300 + SHIPPING_CENTS + known.taxCents));
    expect(after.totalLabel).toBe("Total");
  });
});
