import { describe, expect, it } from "vitest";
import { NO_PRODUCT_SAFETY } from "../product-safety";
import { parseForm } from "./form-schema";
import { checkImageFile, MAX_IMAGE_BYTES, productFormSchema, productMessages } from "./product-form";
import { NO_SALE } from "./sale-form";

type ProductForm = Record<"name" | "price" | "description" | "category" | "stock", string> & {
  featured: boolean;
  images: string[];
};

/** The form with one size row, "One Size", holding `stock`. */
const form = (overrides: Partial<ProductForm> = {}) => {
  const { stock, ...fields } = {
    name: "Orbit Tee",
    price: "34.50",
    description: "",
    category: "",
    stock: "",
    featured: false,
    images: [] as string[],
    ...overrides,
  };
  return { ...fields, sizeId: "", sizeLabel: "One Size", sizeStock: stock, sizeSku: "" };
};
const oneSize = (stock: number) => [{ id: null, size: "One Size", stock, skuSuffix: null }];

const parseProductForm = (input: Record<string, unknown>) => parseForm(productFormSchema, input);

describe("productFormSchema", () => {
  it("trims, converts the price to cents and defaults stock to 0", () => {
    expect(parseProductForm(form({ name: "  Orbit Tee ", price: " 34.5 ", category: " T-Shirts " }))).toEqual(
      {
        ok: true,
        value: {
          name: "Orbit Tee",
          priceCents: 3450,
          description: null,
          category: "T-Shirts",
          sizes: oneSize(0),
          featured: false,
          finalSale: false,
          images: [],
          ...NO_PRODUCT_SAFETY,
          ...NO_SALE,
        },
      },
    );
    expect(parseProductForm(form({ price: ".5", stock: "7" }))).toMatchObject({
      ok: true,
      value: { priceCents: 50, sizes: oneSize(7) },
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

  it("reports the first problem in the spec's order", () => {
    let input: Partial<ProductForm> = {
      name: "",
      price: "-1",
      stock: "x",
      description: "x".repeat(5001),
      category: "x".repeat(61),
      images: ["a", "b", "c", "d", "e", "f"],
    };
    const fixes: [string, Partial<ProductForm>][] = [
      [productMessages.nameAndPriceRequired, { name: "x".repeat(201) }],
      [productMessages.nameTooLong, { name: "Tee" }],
      [productMessages.invalidPrice, { price: "5" }],
      [productMessages.invalidStock, { stock: "3" }],
      [productMessages.descriptionTooLong, { description: "" }],
      [productMessages.categoryTooLong, { category: "" }],
      [productMessages.tooManyImages, { images: ["a", "a"] }],
      [productMessages.duplicateImage, { images: ["a"] }],
    ];
    for (const [message, fix] of fixes) {
      expect(parseProductForm(form(input))).toEqual({ ok: false, message });
      input = { ...input, ...fix };
    }
    expect(parseProductForm(form(input)).ok).toBe(true);
  });

  it("reads the fields of a submitted form, images in order", () => {
    const data = new FormData();
    for (const [name, value] of [
      ["name", "Tee"],
      ["price", "5"],
      ["sizeId", ""],
      ["sizeLabel", "S"],
      ["sizeStock", "2"],
      ["sizeSku", ""],
      ["sizeId", "0b9c3a52-6f7e-4d0e-8f3a-1c2d3e4f5a6b"],
      ["sizeLabel", " M "],
      ["sizeStock", ""],
      ["sizeSku", "med"],
      ["featured", "on"],
      ["finalSale", "on"],
      ["images", "b"],
      ["images", "a"],
    ])
      data.append(name!, value!);
    expect(parseForm(productFormSchema, data)).toEqual({
      ok: true,
      value: {
        name: "Tee",
        priceCents: 500,
        description: null,
        category: null,
        sizes: [
          { id: null, size: "S", stock: 2, skuSuffix: null },
          { id: "0b9c3a52-6f7e-4d0e-8f3a-1c2d3e4f5a6b", size: "M", stock: 0, skuSuffix: "MED" },
        ],
        featured: true,
        finalSale: true,
        images: ["b", "a"],
        ...NO_PRODUCT_SAFETY,
        ...NO_SALE,
      },
    });
    data.delete("featured");
    data.delete("finalSale");
    data.delete("images");
    data.append("images", " c ");
    expect(parseForm(productFormSchema, data)).toMatchObject({
      value: { featured: false, finalSale: false, images: ["c"] },
    });
  });
});

describe("productFormSchema: product safety", () => {
  const maker = {
    manufacturerName: " Hanseong Outerwear Co., Ltd. ",
    manufacturerAddress: "88 Seongsui-ro, Seoul 04781, Republic of Korea",
    manufacturerEmail: "compliance@hanseong-outerwear.co.kr",
  };
  const safetyForm = (fields: Record<string, string>) => ({ ...form(), ...fields });

  it("saves the safety texts trimmed, and empty ones as null", () => {
    expect(
      parseProductForm(
        safetyForm({
          ...maker,
          euResponsiblePerson: "Nordlicht Compliance GmbH, 20457 Hamburg, Germany, gpsr@nordlicht.de",
          composition: " 100% organic cotton, 280 g/m² ",
          careInstructions: "Machine wash cold, inside out.",
          safetyWarnings: "",
        }),
      ),
    ).toMatchObject({
      ok: true,
      value: {
        manufacturerName: "Hanseong Outerwear Co., Ltd.",
        manufacturerAddress: "88 Seongsui-ro, Seoul 04781, Republic of Korea",
        manufacturerEmail: "compliance@hanseong-outerwear.co.kr",
        euResponsiblePerson: "Nordlicht Compliance GmbH, 20457 Hamburg, Germany, gpsr@nordlicht.de",
        composition: "100% organic cotton, 280 g/m²",
        careInstructions: "Machine wash cold, inside out.",
        safetyWarnings: null,
      },
    });
  });

  it("takes a web address for the manufacturer's electronic address", () => {
    for (const manufacturerEmail of ["maker.example.com", "https://maker.example.com/contact"])
      expect(parseProductForm(safetyForm({ ...maker, manufacturerEmail }))).toMatchObject({
        ok: true,
        value: { manufacturerEmail },
      });
  });

  it.each([
    [{ manufacturerName: "x".repeat(201) }, productMessages.manufacturerNameTooLong],
    [{ manufacturerAddress: "x".repeat(501) }, productMessages.manufacturerAddressTooLong],
    [{ manufacturerEmail: `${"x".repeat(250)}@a.de` }, productMessages.manufacturerContactTooLong],
    [{ manufacturerEmail: "call us" }, productMessages.invalidManufacturerContact],
    [{ manufacturerEmail: "javascript:alert(1)" }, productMessages.invalidManufacturerContact],
    [{ manufacturerEmail: "maker@" }, productMessages.invalidManufacturerContact],
    [{ euResponsiblePerson: "x".repeat(1001) }, productMessages.euResponsiblePersonTooLong],
    [{ composition: "x".repeat(501) }, productMessages.compositionTooLong],
    [{ careInstructions: "x".repeat(1001) }, productMessages.careInstructionsTooLong],
    [{ safetyWarnings: "x".repeat(2001) }, productMessages.safetyWarningsTooLong],
  ])("refuses %o with a clear message", (fields, message) => {
    expect(parseProductForm(safetyForm({ ...maker, ...fields }))).toEqual({ ok: false, message });
  });

  it("wants the manufacturer whole or not at all, and an EU responsible person only with one", () => {
    for (const missing of ["manufacturerName", "manufacturerAddress", "manufacturerEmail"])
      expect(parseProductForm(safetyForm({ ...maker, [missing]: " " }))).toEqual({
        ok: false,
        message: productMessages.manufacturerIncomplete,
      });
    expect(parseProductForm(safetyForm({ euResponsiblePerson: "EU Rep GmbH, Berlin" }))).toEqual({
      ok: false,
      message: productMessages.euResponsiblePersonWithoutManufacturer,
    });
    // the shop's own brand: no manufacturer, just the label's facts
    expect(parseProductForm(safetyForm({ composition: "100% cotton" })).ok).toBe(true);
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
