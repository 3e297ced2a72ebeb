// The admin coupon form's schema with the spec's messages (docs/SPEC.md#coupon-save, docs/SPEC.md#messages). The dialog runs
// it for instant feedback and the server runs it again before it writes: one source of truth.
import { z } from "zod";
import { COUPON_DISCOUNT_TYPES } from "../coupon";
import { parseAmountToCents } from "../money";
import { checkbox, optionalText, requiredText } from "./form-schema";

const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
export const MAX_COUPON_NAME_LENGTH = 100;
export const MAX_COUPON_DESCRIPTION_LENGTH = 500;
/** Fits an int4 column with room to spare; no real coupon or minimum comes near it. */
const MAX_COUPON_AMOUNT_CENTS = 99_999_999;
/**
 * "999,999.99": the cap without a currency symbol. The schema is one constant shared by the browser
 * and the server, and an amount's currency is the store's (the form names it beside the field).
 */
const MAX_COUPON_AMOUNT = (MAX_COUPON_AMOUNT_CENTS / 100).toLocaleString("en-US", {
  minimumFractionDigits: 2,
});
const MAX_COUPON_USAGE_LIMIT = 1_000_000_000;

export const couponAdminMessages = {
  // the spec's words, in the spec's order
  required: "Please fill in all required fields",
  valueNotPositive: "Discount value must be greater than 0",
  percentTooHigh: "Percentage discount cannot exceed 100%",
  usageLimitTooLow: "Usage limit must be at least 1",
  // rules the spec leaves open, worded the same way
  codeFormat:
    "Coupon code must be 3 to 40 characters long and use only letters A-Z, digits 0-9, dashes (-) and underscores (_)",
  nameTooLong: `Coupon name must be at most ${MAX_COUPON_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_COUPON_DESCRIPTION_LENGTH} characters`,
  discountTypeInvalid: "Please choose a discount type",
  valueNotNumber: "Discount value must be a number",
  valueTooPrecise: "Discount value can have at most 2 decimal places",
  valueTooHigh: `Discount value cannot exceed ${MAX_COUPON_AMOUNT}`,
  usageLimitNotWhole: "Usage limit must be a whole number",
  usageLimitTooHigh: `Usage limit cannot exceed ${MAX_COUPON_USAGE_LIMIT.toLocaleString("en-US")}`,
  minimumInvalid: "Minimum order amount must be an amount of 0 or more, with at most 2 decimal places",
  minimumTooHigh: `Minimum order amount cannot exceed ${MAX_COUPON_AMOUNT}`,
  expiryRequired: "Please choose an expiry date or tick Never Expires",
  expiryInvalid: "Please choose a valid expiry date",
  // outcomes (docs/SPEC.md#messages)
  created: "Coupon created successfully",
  updated: "Coupon updated successfully",
  duplicateCode: "Coupon code already exists",
  saveFailed: "Failed to save coupon",
  activated: "Coupon activated successfully",
  deactivated: "Coupon deactivated successfully",
  statusFailed: "Failed to update coupon status",
  deleted: (unlinkedOrders: number) =>
    unlinkedOrders > 0
      ? `Coupon deleted successfully (removed from ${unlinkedOrders} order${unlinkedOrders === 1 ? "" : "s"})`
      : "Coupon deleted successfully",
  deleteFailed: "Failed to delete coupon",
  loadFailed: "Failed to load coupons",
  notFound: "This coupon no longer exists",
  copied: "Coupon code copied to clipboard",
} as const;

const m = couponAdminMessages;

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const HUNDREDTHS_PATTERN = /^\+?(\d+\.?\d{0,2}|\.\d{1,2})$/;
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** "12.5" → 1250 (hundredths), for a text that matches HUNDREDTHS_PATTERN. */
function toHundredths(value: string): number {
  const [whole = "", fraction = ""] = value.replace(/^\+/, "").split(".");
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
}

/** Stage 1: the form as sent. "Please fill in all required fields" wins over every other problem. */
const couponFormFields = z.object({
  code: requiredText(m.required),
  name: requiredText(m.required),
  description: optionalText,
  discountType: optionalText,
  discountValue: requiredText(m.required),
  minimumOrder: optionalText,
  unlimitedUses: checkbox,
  usageLimit: optionalText,
  neverExpires: checkbox,
  expiresAt: optionalText,
});

/** Code (stored upper-case), name and description, already trimmed. */
const texts = z.object({
  code: z.string().toUpperCase().regex(COUPON_CODE_PATTERN, m.codeFormat),
  name: z.string().max(MAX_COUPON_NAME_LENGTH, m.nameTooLong),
  description: z.string().max(MAX_COUPON_DESCRIPTION_LENGTH, m.descriptionTooLong),
});

/** Said of every discount value before its type's own limits. */
const discountNumber = z
  .string()
  .regex(NUMBER_PATTERN, { error: m.valueNotNumber, abort: true })
  .refine((value) => Number(value) > 0, { error: m.valueNotPositive, abort: true });

/** The value in hundredths: basis points of a percentage, cents of a fixed amount. */
const discount = z
  .object({
    discountType: z.string().pipe(z.enum(COUPON_DISCOUNT_TYPES, { error: m.discountTypeInvalid })),
    discountValue: z.string(),
  })
  .pipe(
    z.discriminatedUnion("discountType", [
      z.object({
        discountType: z.literal("percentage"),
        discountValue: discountNumber
          .refine((value) => Number(value) <= 100, { error: m.percentTooHigh, abort: true })
          .regex(HUNDREDTHS_PATTERN, m.valueTooPrecise)
          .transform(toHundredths),
      }),
      z.object({
        discountType: z.literal("fixed"),
        discountValue: discountNumber
          .regex(HUNDREDTHS_PATTERN, { error: m.valueTooPrecise, abort: true })
          .transform(toHundredths)
          .refine((cents) => cents <= MAX_COUPON_AMOUNT_CENTS, m.valueTooHigh),
      }),
    ]),
  );

/** Unlimited uses means no limit, whatever the limit field holds. */
const usageLimit = z.discriminatedUnion("unlimitedUses", [
  z.object({ unlimitedUses: z.literal(true), usageLimit: z.string() }),
  z.object({
    unlimitedUses: z.literal(false),
    usageLimit: z
      .string()
      .regex(NUMBER_PATTERN, { error: m.usageLimitTooLow, abort: true })
      .refine((value) => Number(value) >= 1, { error: m.usageLimitTooLow, abort: true })
      .regex(/^\+?\d+$/, { error: m.usageLimitNotWhole, abort: true })
      .transform(Number)
      .refine((limit) => limit <= MAX_COUPON_USAGE_LIMIT, m.usageLimitTooHigh),
  }),
]);

const minimumOrder = z.object({
  minimumOrder: z
    .string()
    .transform((amount) => (amount ? parseAmountToCents(amount) : 0))
    .pipe(z.number({ error: m.minimumInvalid }).max(MAX_COUPON_AMOUNT_CENTS, m.minimumTooHigh)),
});

/** Never expires means no expiry; otherwise an absolute instant, which the browser converted. */
const expiry = z.discriminatedUnion("neverExpires", [
  z.object({ neverExpires: z.literal(true), expiresAt: z.string() }),
  z.object({
    neverExpires: z.literal(false),
    expiresAt: z
      .string()
      .min(1, { error: m.expiryRequired, abort: true })
      .regex(INSTANT_PATTERN, m.expiryInvalid)
      .transform((instant) => new Date(instant))
      .pipe(z.date({ error: m.expiryInvalid })),
  }),
]);

/**
 * The admin coupon form (docs/SPEC.md#coupon-save), from the dialog's fields to the coupon table's
 * editable columns. After the required fields, each part's problems come in the spec's order.
 */
export const couponFormSchema = couponFormFields
  .pipe(texts.and(discount).and(usageLimit).and(minimumOrder).and(expiry))
  .transform((form) => ({
    code: form.code,
    name: form.name,
    description: form.description || null,
    discountType: form.discountType,
    percentBasisPoints: form.discountType === "percentage" ? form.discountValue : null,
    amountOffCents: form.discountType === "fixed" ? form.discountValue : null,
    minimumOrderCents: form.minimumOrder,
    usageLimit: form.unlimitedUses ? null : form.usageLimit,
    expiresAt: form.neverExpires ? null : form.expiresAt,
  }));

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Coupon ids are UUIDs; anything else cannot name a coupon (and would make PostgreSQL throw). */
export function isCouponId(value: string): boolean {
  return ID_PATTERN.test(value);
}
