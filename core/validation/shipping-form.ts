// The checkout's shipping step (docs/SPEC.md#shipping-address, docs/SPEC.md#shipping-and-checkout)
// and the account's remembered address. The dialog and the account form check it for instant
// feedback and the server again before it saves anything. The region ("state") and the postcode
// follow each country's practice (core/address-format.ts).
import { postcodeValidator } from "postcode-validator";
import { z } from "zod";
import { addressRulesOf } from "../address-format";
import { checkoutMessages, EU_COUNTRIES, MAX_FIELD_LENGTH, MAX_NOTE_LENGTH } from "../checkout";
import { requiredText } from "./form-schema";

/** A required line: "Please fill in {label}", then "{label} is too long". */
const requiredLine = (label: string) =>
  requiredText(checkoutMessages.fillIn(label)).max(MAX_FIELD_LENGTH, checkoutMessages.tooLong(label));

/** A line that may be empty or missing; trimmed. */
const optionalLine = (label: string) =>
  z.string().trim().max(MAX_FIELD_LENGTH, checkoutMessages.tooLong(label)).default("");

const isEuCountry = (code: string) => EU_COUNTRIES.some((country) => country.code === code);

/** Postcodes are compared in capitals with single spaces: "1012 ab" is "1012 AB". */
const normalPostcode = (postcode: string) => postcode.toUpperCase().replace(/\s+/g, " ");

/**
 * The fields of an address, in form order. The region and the postcode are checked after them,
 * against the country (withCountryRules); their own checks here only trim and bound them.
 */
const addressFields = {
  fullName: requiredLine("Full Name"),
  addressLine1: requiredLine("Address Line 1"),
  city: requiredLine("City"),
  state: optionalLine("State"),
  zipCode: z.string().trim().max(MAX_FIELD_LENGTH, checkoutMessages.tooLong("ZIP Code")).default(""),
  addressLine2: optionalLine("Address Line 2"),
  country: z.string().refine(isEuCountry, checkoutMessages.countryRequired),
};

/**
 * The country's rules, after the fields' own: the region required where the country's addresses
 * carry it ("Please fill in Province") and dropped where they have none; the postcode required,
 * then valid for the country ("Please enter a valid postal code for Germany").
 */
function withCountryRules<S extends z.ZodObject<typeof addressFields>>(object: S) {
  return object
    .superRefine((address, ctx) => {
      const { country, state = "", zipCode = "" } = address as Partial<z.output<S>>;
      if (!country || !isEuCountry(country)) return;
      const rules = addressRulesOf(country);
      if (rules.region === "required" && !state) {
        ctx.addIssue({
          code: "custom",
          path: ["state"],
          message: checkoutMessages.fillIn(rules.regionLabel),
        });
      }
      if (!zipCode) {
        ctx.addIssue({ code: "custom", path: ["zipCode"], message: checkoutMessages.fillIn("ZIP Code") });
      } else if (!postcodeValidator(normalPostcode(zipCode), country)) {
        ctx.addIssue({
          code: "custom",
          path: ["zipCode"],
          message: checkoutMessages.invalidPostcode(country),
        });
      }
    })
    .transform((address) => ({
      ...address,
      state: addressRulesOf(address.country).region === "none" ? "" : address.state,
      zipCode: normalPostcode(address.zipCode),
    }));
}

/** The account's remembered address (customer_address): the shipping form without the note. */
export const addressSchema = withCountryRules(z.object(addressFields));

/** The shipping step: the address, then the optional delivery note; every text trimmed. */
export const shippingSchema = withCountryRules(
  z.object({
    ...addressFields,
    note: z.string().trim().max(MAX_NOTE_LENGTH, checkoutMessages.tooLong("Delivery note")).default(""),
  }),
);
