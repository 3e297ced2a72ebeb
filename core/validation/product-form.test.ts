import { describe, expect, it } from "vitest";
import {
  checkImageFile,
  MAX_IMAGE_BYTES,
  type ProductFormInput,
  parseProductForm,
  productMessages,
  readProductForm,
} from "./product-form";

const form = (overrides: Partial<ProductFormInput> = {}): ProductFormInput => ({
  name: "Orbit Tee",
  price: "34.50",
  description: "",
  category: "",
  stock: "",
  featured: false,
  images: [],
  ...overrides,
});

describe("parseProductForm", () => {
  it("trims, converts the price to cents and defaults stock to 0", () => {
    expect(parseProductForm(form({ name: "  Orbit Tee ", price: " 34.5 ", category: " T-Shirts " }))).toEqual(
      {
        ok: true,
        value: {
          name: "Orbit Tee",
          priceCents: 3450,
          description: null,
          category: "T-Shirts",
          stock: 0,
          featured: false,
          images: [],
        },
      },
    );
    expect(parseProductForm(form({ price: ".5", stock: "7" }))).toMatchObject({
      ok: true,
      value: { priceCents: 50, stock: 7 },
    });
  });

  it.each([
    [{ name: " " }, productMessages.nameAndPriceRequired],
    [{ price: "" }, productMessages.nameAndPriceRequired],
    [{ price: "abc" }, productMessages.invalidPrice],
    [{ price: "-0.01" }, productMessages.invalidPrice],
    [{ price: "1.999" }, productMessages.invalidPrice],
    [{ price: "1e3" }, productMessages.invalidPrice],
    [{ stock: "-1" }, productMessages.invalidStock],
    [{ stock: "2.5" }, productMessages.invalidStock],
    [{ images: ["a", "b", "c", "d", "e", "f"] }, productMessages.tooManyImages],
    [{ images: ["a", "a"] }, productMessages.duplicateImage],
  ])("refuses %o", (overrides, message) => {
    expect(parseProductForm(form(overrides))).toEqual({ ok: false, message });
  });

  it("reads the fields of a submitted form, images in order", () => {
    const data = new FormData();
    for (const [name, value] of [
      ["name", "Tee"],
      ["price", "5"],
      ["featured", "on"],
      ["images", "b"],
      ["images", "a"],
    ])
      data.append(name!, value!);
    expect(readProductForm(data)).toEqual(
      form({ name: "Tee", price: "5", featured: true, images: ["b", "a"] }),
    );
  });
});

describe("checkImageFile", () => {
  it("lets PNG, JPEG and WebP up to 5MB through", () => {
    for (const type of ["image/png", "image/jpeg", "image/webp"])
      expect(checkImageFile({ name: "a", size: MAX_IMAGE_BYTES, type })).toBeNull();
  });

  it("names the file in the spec's messages", () => {
    expect(checkImageFile({ name: "logo.svg", size: 10, type: "image/svg+xml" })).toBe(
      "logo.svg is not a valid image file",
    );
    expect(checkImageFile({ name: "big.jpg", size: MAX_IMAGE_BYTES + 1, type: "image/jpeg" })).toBe(
      "big.jpg is too large. Max size is 5MB",
    );
  });
});
