import { describe, expect, it } from "vitest";
import { parseForm } from "./form-schema";
import { productFormSchema } from "./product-form";
import { NO_SALE, saleMessages } from "./sale-form";

/** The product form with one size and the given sale fields. */
const parseSale = (sale: Record<string, string>) =>
  parseForm(productFormSchema, {
    name: "Orbit Tee",
    price: "50",
    sizeId: "",
    sizeLabel: "One Size",
    sizeStock: "3",
    sizeSku: "",
    ...sale,
  });

describe("the product form's sale", () => {
  it("is no sale when the sale price is empty, whatever the dates say (Remove sale)", () => {
    expect(parseSale({})).toMatchObject({ ok: true, value: NO_SALE });
    expect(
      parseSale({ salePrice: "", saleStartsAt: "2030-06-01T16:30:00.000Z", saleEndsAt: "nonsense" }),
    ).toMatchObject({ ok: true, value: NO_SALE });
  });

  it("reads the price in cents and the window's instants, Z or offset", () => {
    expect(
      parseSale({
        salePrice: " 39.9 ",
        saleStartsAt: "2030-06-01T18:30+02:00",
        saleEndsAt: "2030-06-08T16:30:00.000Z",
      }),
    ).toMatchObject({
      ok: true,
      value: {
        salePriceCents: 3990,
        saleStartsAt: new Date("2030-06-01T16:30:00.000Z"),
        saleEndsAt: new Date("2030-06-08T16:30:00.000Z"),
      },
    });
    expect(parseSale({ salePrice: ".5" })).toMatchObject({
      ok: true,
      value: { salePriceCents: 50, saleStartsAt: null, saleEndsAt: null },
    });
  });

  it.each([
    [{ salePrice: "50" }, saleMessages.salePriceNotBelow],
    [{ salePrice: "-1" }, saleMessages.invalidSalePrice],
    [{ salePrice: "1.999" }, saleMessages.invalidSalePrice],
    [{ salePrice: "10", saleStartsAt: "2030-06-01T18:30" }, saleMessages.invalidSaleStart],
    [{ salePrice: "10", saleEndsAt: "2030-13-45T99:99Z" }, saleMessages.invalidSaleEnd],
    [
      { salePrice: "10", saleStartsAt: "2030-06-02T00:00Z", saleEndsAt: "2030-06-01T00:00Z" },
      saleMessages.saleEndBeforeStart,
    ],
  ])("refuses %o: %s", (sale, message) => {
    expect(parseSale(sale)).toEqual({ ok: false, message });
  });
});
