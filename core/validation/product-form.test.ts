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
          colors: [],
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
        colors: [],
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

describe("productFormSchema: colours", () => {
  /** The form of a product in colours: no sizes of its own, each colour with its sizes. */
  const colorForm = (colors: unknown) => ({
    name: "Orbit Tee",
    price: "34.50",
    colors: typeof colors === "string" ? colors : JSON.stringify(colors),
  });
  const black = {
    id: "",
    name: " Jet Black ",
    swatch: "#1A1A1A",
    images: ["img-1", "img-2"],
    sizes: [
      { id: "", size: "S", stock: "3", skuSuffix: "" },
      { id: "", size: "M", stock: "", skuSuffix: "blk-m" },
    ],
  };

  it("reads each colour with its slug, swatch, pictures and sizes", () => {
    const sand = {
      id: "0b9c3a52-6f7e-4d0e-8f3a-1c2d3e4f5a6b",
      name: "Sand",
      swatch: "",
      images: [],
      sizes: [{ id: "", size: "S", stock: "1", skuSuffix: "" }],
    };
    expect(parseProductForm(colorForm([black, sand]))).toMatchObject({
      ok: true,
      value: {
        sizes: [],
        colors: [
          {
            id: null,
            name: "Jet Black",
            slug: "jet-black",
            swatch: "#1a1a1a",
            images: ["img-1", "img-2"],
            sizes: [
              { id: null, size: "S", stock: 3, skuSuffix: null },
              { id: null, size: "M", stock: 0, skuSuffix: "BLK-M" },
            ],
          },
          {
            id: sand.id,
            name: "Sand",
            slug: "sand",
            swatch: null,
            images: [],
            sizes: [{ size: "S", stock: 1 }],
          },
        ],
      },
    });
  });

  it.each([
    ["a colour without a name", [{ ...black, name: " " }], `Colour 1: ${productMessages.colorNameRequired}`],
    ["a name without a letter", [{ ...black, name: "!!" }], `!!: ${productMessages.colorNameWithoutLetter}`],
    [
      "a long name",
      [{ ...black, name: "x".repeat(31) }],
      `${"x".repeat(31)}: ${productMessages.colorNameTooLong}`,
    ],
    ["a bad swatch", [{ ...black, swatch: "black" }], `Jet Black: ${productMessages.invalidSwatch}`],
    ["a colour without sizes", [{ ...black, sizes: [] }], `Jet Black: ${productMessages.sizeRequired}`],
    [
      "a size twice in a colour",
      [{ ...black, sizes: [black.sizes[0], { ...black.sizes[0], size: "s" }] }],
      `Jet Black: ${productMessages.duplicateSize}`,
    ],
    [
      "six pictures",
      [{ ...black, images: ["1", "2", "3", "4", "5", "6"] }],
      `Jet Black: ${productMessages.tooManyImages}`,
    ],
    ["two colours of one name", [black, { ...black, name: "jet-black" }], productMessages.duplicateColor],
    [
      "eleven colours",
      Array.from({ length: 11 }, (_, index) => ({ ...black, name: `Colour ${index}` })),
      productMessages.tooManyColors,
    ],
    ["colours that are not JSON", "[{", productMessages.unreadableColors],
    ["colours that are not a list", "{}", productMessages.unreadableColors],
  ])("refuses %s", (_, colors, message) => {
    expect(parseProductForm(colorForm(colors))).toEqual({ ok: false, message });
  });

  it("refuses sizes of the product beside its colours", () => {
    expect(
      parseProductForm({ ...colorForm([black]), sizeId: "", sizeLabel: "M", sizeStock: "1", sizeSku: "" }),
    ).toEqual({ ok: false, message: productMessages.sizesBesideColors });
  });

  it("asks a product without colours for a size, as before", () => {
    expect(parseProductForm(colorForm(""))).toEqual({ ok: false, message: productMessages.sizeRequired });
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
