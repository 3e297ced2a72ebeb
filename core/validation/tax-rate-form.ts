// The tax rates screen's form (one rate of one country) with its messages. The row checks it for
// instant feedback and set-tax-rate.ts parses it again before it writes: one source of truth.
import { z } from "zod";
import { EU_COUNTRIES, type EuCountryCode } from "../checkout";
import { formatRate, parseRate } from "../tax";

export const taxRateMessages = {
  required: "Please enter a rate",
  notANumber: "Rate must be a number, such as 19 or 25.5",
  outOfRange: "Rate must be between 0 and 100%",
  tooPrecise: "Rate can have at most 2 decimal places",
  unknownCountry: "Please choose one of the 27 EU countries",
  saved: (countryName: string, rateBasisPoints: number) =>
    `VAT rate for ${countryName} set to ${formatRate(rateBasisPoints)}`,
  unchanged: (countryName: string, rateBasisPoints: number) =>
    `The VAT rate for ${countryName} is already ${formatRate(rateBasisPoints)}`,
  saveFailed: "Failed to save tax rate",
  loadFailed: "Failed to load tax rates",
} as const;

const m = taxRateMessages;

const COUNTRY_CODES = EU_COUNTRIES.map((country) => country.code) as [EuCountryCode, ...EuCountryCode[]];

/** "25.5", "25.5 %", "-3": a decimal number, perhaps with a percent sign. */
const NUMBER_PATTERN = /^-?\d+(\.\d+)?\s*%?$/;
const withoutPercent = (value: string) => value.replace(/\s*%$/, "");

/**
 * A percentage as typed ("19", "25.5", "8.25 %") in basis points. Problems come one at a time, in
 * the order a person fixes them: nothing typed, not a number, out of range, too many decimals.
 */
const rateField = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required, abort: true })
  .regex(NUMBER_PATTERN, { error: m.notANumber, abort: true })
  .refine((value) => Number(withoutPercent(value)) >= 0 && Number(withoutPercent(value)) <= 100, {
    error: m.outOfRange,
    abort: true,
  })
  .refine((value) => !/\.\d{3,}/.test(value), { error: m.tooPrecise, abort: true })
  // parseRate takes at most three digits before the point: "019" is 19
  .transform((value) => parseRate(value.replace(/^0+(?=\d)/, "")))
  .pipe(z.number({ error: m.notANumber }));

/** One country's rate, as the row posts it: the rate first, so its message wins. */
export const taxRateFormSchema = z.object({
  rate: rateField,
  country: z.string({ error: m.unknownCountry }).pipe(z.enum(COUNTRY_CODES, { error: m.unknownCountry })),
});

/** What the rate field shows for a stored rate: 1900 → "19", 2550 → "25.5". */
export function rateInputValue(rateBasisPoints: number): string {
  return formatRate(rateBasisPoints).replace(/%$/, "");
}
