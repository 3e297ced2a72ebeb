import { postcodeValidatorExistsForCountry } from "postcode-validator";
import { describe, expect, it } from "vitest";
import { BERLIN_ADDRESS } from "../../tests/setup/test-address";
import { ADDRESS_RULES } from "../address-format";
import { EU_COUNTRIES, type ShippingDetails } from "../checkout";
import { parseForm } from "./form-schema";
import { addressSchema, shippingSchema } from "./shipping-form";

const valid: ShippingDetails = { ...BERLIN_ADDRESS, note: "" };

const messageOf = (details: Partial<ShippingDetails>) => {
  const result = parseForm(shippingSchema, { ...valid, ...details });
  return result.ok ? null : result.message;
};

describe("shippingSchema", () => {
  it("accepts a complete address and trims it", () => {
    expect(parseForm(shippingSchema, { ...valid, city: " Berlin ", note: " Ring twice " })).toEqual({
      ok: true,
      value: { ...valid, note: "Ring twice" },
    });
  });

  it("names the first problem: the fields in form order, then the country's region and postcode", () => {
    let details: Partial<ShippingDetails> = {
      fullName: " ",
      addressLine1: "",
      city: "x".repeat(201),
      state: "",
      zipCode: "",
      addressLine2: "x".repeat(201),
      country: "US",
      note: "x".repeat(501),
    };
    const fixes: [string, Partial<ShippingDetails>][] = [
      ["Please fill in Full Name", { fullName: "Nova" }],
      ["Please fill in Address Line 1", { addressLine1: "Via Appia 1" }],
      ["City is too long", { city: "Roma" }],
      ["Address Line 2 is too long", { addressLine2: "" }],
      ["Please select a country", { country: "IT" }],
      ["Delivery note is too long", { note: "" }],
      ["Please fill in Province", { state: "RM" }],
      ["Please fill in ZIP Code", { zipCode: "0014" }],
      ["Please enter a valid postal code for Italy", { zipCode: "00144" }],
    ];
    for (const [message, fix] of fixes) {
      expect(messageOf(details)).toBe(message);
      details = { ...details, ...fix };
    }
    expect(messageOf(details)).toBeNull();
  });

  it("a missing field gets the same message as an empty one", () => {
    const { zipCode: _, ...withoutZip } = valid;
    expect(parseForm(shippingSchema, withoutZip)).toEqual({ ok: false, message: "Please fill in ZIP Code" });
    const { fullName: __, ...withoutName } = valid;
    expect(parseForm(shippingSchema, withoutName)).toEqual({
      ok: false,
      message: "Please fill in Full Name",
    });
  });
});

describe("the region (state) per country", () => {
  it("is required in Italy and Spain, named Province", () => {
    expect(messageOf({ country: "IT", zipCode: "00144", state: "" })).toBe("Please fill in Province");
    expect(messageOf({ country: "ES", zipCode: "28001", state: " " })).toBe("Please fill in Province");
    expect(messageOf({ country: "ES", zipCode: "28001", state: "Madrid" })).toBeNull();
  });

  it("is optional where it is usual but not needed, and kept when given", () => {
    expect(messageOf({ country: "IE", zipCode: "D02 X285", state: "" })).toBeNull();
    const kept = parseForm(shippingSchema, {
      ...valid,
      country: "IE",
      zipCode: "D02 X285",
      state: "Co. Dublin",
    });
    expect(kept.ok && kept.value.state).toBe("Co. Dublin");
    expect(messageOf({ country: "RO", zipCode: "010011" })).toBeNull();
  });

  it("is not part of the address in Germany, France, the Netherlands...: not required, and dropped", () => {
    for (const [country, zipCode] of [
      ["DE", "10119"],
      ["FR", "75001"],
      ["NL", "1012 AB"],
      ["AT", "1010"],
    ]) {
      const parsed = parseForm(shippingSchema, { ...valid, country, zipCode, state: "Somewhere" });
      expect(parsed).toMatchObject({ ok: true, value: { state: "" } });
    }
  });

  it("every EU member state has a decision", () => {
    expect(Object.keys(ADDRESS_RULES).sort()).toEqual(EU_COUNTRIES.map((country) => country.code).sort());
  });
});

describe("postal codes per country", () => {
  it("the library knows all 27 member states, and each one's example is valid", () => {
    for (const { code, name } of EU_COUNTRIES) {
      expect(postcodeValidatorExistsForCountry(code), name).toBe(true);
      const state = ADDRESS_RULES[code].region === "required" ? "RM" : "";
      expect(
        messageOf({ country: code, zipCode: ADDRESS_RULES[code].postcodeExample, state }),
        name,
      ).toBeNull();
    }
  });

  it.each([
    ["DE", "1011", "Germany"],
    ["DE", "101199", "Germany"],
    ["DE", "ABCDE", "Germany"],
    ["NL", "1012", "Netherlands"],
    ["PL", "00950", "Poland"],
    ["AT", "0100", "Austria"],
    ["IE", "12345", "Ireland"],
    ["PT", "100-001", "Portugal"],
    ["MT", "1117", "Malta"],
    ["FR", "7500", "France"],
  ])("refuses %s %s", (country, zipCode, name) => {
    expect(messageOf({ country, zipCode })).toBe(`Please enter a valid postal code for ${name}`);
  });

  it("accepts the usual spellings and stores them in capitals with single spaces", () => {
    const parsed = (country: string, zipCode: string) => {
      const result = parseForm(shippingSchema, { ...valid, country, zipCode });
      return result.ok ? result.value.zipCode : result.message;
    };
    expect(parsed("NL", "1012  ab")).toBe("1012 AB");
    expect(parsed("NL", "1012AB")).toBe("1012AB");
    expect(parsed("IE", "d02 x285")).toBe("D02 X285");
    expect(parsed("PL", "00-950")).toBe("00-950");
    expect(parsed("SE", "113 51")).toBe("113 51");
    expect(parsed("LV", "LV-1010")).toBe("LV-1010");
  });
});

describe("addressSchema", () => {
  it("is the shipping form without the note", () => {
    const { note: _, ...address } = valid;
    expect(parseForm(addressSchema, { ...address, note: "ignored" })).toEqual({ ok: true, value: address });
    expect(parseForm(addressSchema, { ...address, zipCode: "123" })).toEqual({
      ok: false,
      message: "Please enter a valid postal code for Germany",
    });
  });
});
