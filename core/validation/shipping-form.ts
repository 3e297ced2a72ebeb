// The checkout's shipping step (docs/SPEC.md#shipping-address, docs/SPEC.md#shipping-and-checkout). The
// dialog checks it for instant feedback and the server again before it makes the order.
import { z } from "zod";
import { checkoutMessages, EU_COUNTRIES, MAX_FIELD_LENGTH, MAX_NOTE_LENGTH } from "../checkout";
import { requiredText } from "./form-schema";

/** A required line: "Please fill in {label}", then "{label} is too long". */
const requiredLine = (label: string) =>
  requiredText(checkoutMessages.fillIn(label)).max(MAX_FIELD_LENGTH, checkoutMessages.tooLong(label));

/** The required fields first, in form order, then the optional ones; every text trimmed. */
export const shippingSchema = z.object({
  fullName: requiredLine("Full Name"),
  addressLine1: requiredLine("Address Line 1"),
  city: requiredLine("City"),
  state: requiredLine("State"),
  zipCode: requiredLine("ZIP Code"),
  addressLine2: z.string().trim().max(MAX_FIELD_LENGTH, checkoutMessages.tooLong("Address Line 2")),
  country: z
    .string()
    .refine(
      (code) => EU_COUNTRIES.some((country) => country.code === code),
      checkoutMessages.countryRequired,
    ),
  note: z.string().trim().max(MAX_NOTE_LENGTH, checkoutMessages.tooLong("Delivery note")),
});
