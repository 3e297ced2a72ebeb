import { describe, expect, it } from "vitest";
import { productSku } from "./product";
import {
  electronicAddressHref,
  isElectronicAddress,
  isEmailAddress,
  NO_PRODUCT_SAFETY,
  productSafetyOf,
} from "./product-safety";
import { DEMO_SELLER } from "./seller";

const id = "0b9c3a52-6f7e-4d0e-8f3a-1c2d3e4f5a6b";

describe("productSafetyOf", () => {
  it("names the seller as the manufacturer of the shop's own brand", () => {
    expect(
      productSafetyOf({ id, ...NO_PRODUCT_SAFETY, composition: "100% cotton" }, DEMO_SELLER, "Nocturn"),
    ).toEqual({
      manufacturer: {
        name: DEMO_SELLER.legalName,
        address: DEMO_SELLER.address,
        contact: DEMO_SELLER.email,
        isOwnBrand: true,
      },
      euResponsiblePerson: null,
      identifier: productSku(id),
      composition: "100% cotton",
      careInstructions: null,
      safetyWarnings: null,
    });
  });

  it("falls back to the store's name and leaves out what a production seller has not set", () => {
    const unset = { ...DEMO_SELLER, legalName: "", address: "", email: "" };
    expect(productSafetyOf({ id, ...NO_PRODUCT_SAFETY }, unset, "Nocturn").manufacturer).toEqual({
      name: "Nocturn",
      address: null,
      contact: null,
      isOwnBrand: true,
    });
  });

  it("shows an outside manufacturer and its EU responsible person as entered", () => {
    const safety = productSafetyOf(
      {
        id,
        ...NO_PRODUCT_SAFETY,
        manufacturerName: "Hanseong Outerwear Co., Ltd.",
        manufacturerAddress: "88 Seongsui-ro, Seoul, Republic of Korea",
        manufacturerEmail: "https://hanseong.example.com",
        euResponsiblePerson: "Nordlicht Compliance GmbH, Hamburg",
      },
      DEMO_SELLER,
      "Nocturn",
    );
    expect(safety.manufacturer).toEqual({
      name: "Hanseong Outerwear Co., Ltd.",
      address: "88 Seongsui-ro, Seoul, Republic of Korea",
      contact: "https://hanseong.example.com",
      isOwnBrand: false,
    });
    expect(safety.euResponsiblePerson).toBe("Nordlicht Compliance GmbH, Hamburg");
  });
});

describe("the manufacturer's electronic address", () => {
  it("is an e-mail address or a web address, and links to it", () => {
    expect(electronicAddressHref("info@maker.co.kr")).toBe("mailto:info@maker.co.kr");
    expect(electronicAddressHref("maker.com/contact")).toBe("https://maker.com/contact");
    expect(electronicAddressHref("http://maker.com")).toBe("http://maker.com/");
    expect(isEmailAddress("info@maker.co.kr")).toBe(true);
    expect(isEmailAddress("https://user@maker.com")).toBe(false);
  });

  it("never links to anything else", () => {
    for (const value of [
      "javascript:alert(1)",
      "call +49 30 123",
      "maker",
      "ftp://maker.com",
      "a@b",
      "https://u:p@maker.com",
    ]) {
      expect(isElectronicAddress(value)).toBe(false);
      expect(electronicAddressHref(value)).toBeNull();
    }
  });
});
