import { describe, expect, it } from "vitest";
import type { ShippingDetails } from "../checkout";
import { parseForm } from "./form-schema";
import { shippingSchema } from "./shipping-form";

const valid: ShippingDetails = {
  fullName: "Nova Shopper",
  addressLine1: "Torstraße 101",
  addressLine2: "",
  city: "Berlin",
  state: "Berlin",
  zipCode: "10119",
  country: "DE",
  note: "",
};

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

  it("names the first problem: required fields in form order, then line 2, country and note", () => {
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
      ["Please fill in Address Line 1", { addressLine1: "Torstraße 101" }],
      ["City is too long", { city: "Berlin" }],
      ["Please fill in State", { state: "Berlin" }],
      ["Please fill in ZIP Code", { zipCode: "10119" }],
      ["Address Line 2 is too long", { addressLine2: "" }],
      ["Please select a country", { country: "AT" }],
      ["Delivery note is too long", { note: "" }],
    ];
    for (const [message, fix] of fixes) {
      expect(messageOf(details)).toBe(message);
      details = { ...details, ...fix };
    }
    expect(messageOf(details)).toBeNull();
  });
});
