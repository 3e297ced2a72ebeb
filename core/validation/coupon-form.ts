// The admin coupon form's rules with the spec's messages (docs/SPEC.md#coupon-save). The dialog runs
// them for instant feedback and the server runs them again before it writes: one source of truth.
import { type CouponDiscountType, normalizeCouponCode } from "../coupon";
import { formatUsd, parseUsdToCents } from "../money";
import { formText } from "./auth";

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;
export const MAX_COUPON_NAME_LENGTH = 100;
export const MAX_COUPON_DESCRIPTION_LENGTH = 500;
/** Fits an int4 column with room to spare; no real coupon or minimum comes near it. */
export const MAX_COUPON_AMOUNT_CENTS = 99_999_999;
export const MAX_COUPON_USAGE_LIMIT = 1_000_000_000;

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
  valueTooHigh: `Discount value cannot exceed ${formatUsd(MAX_COUPON_AMOUNT_CENTS)}`,
  usageLimitNotWhole: "Usage limit must be a whole number",
  usageLimitTooHigh: `Usage limit cannot exceed ${MAX_COUPON_USAGE_LIMIT.toLocaleString("en-US")}`,
  minimumInvalid: "Minimum order amount must be a dollar amount of 0 or more, with at most 2 decimal places",
  minimumTooHigh: `Minimum order amount cannot exceed ${formatUsd(MAX_COUPON_AMOUNT_CENTS)}`,
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

/** The form as typed: every field a string, the two checkboxes as booleans. */
export interface CouponFormInput {
  code: string;
  name: string;
  description: string;
  discountType: string;
  /** Percent (up to 2 decimals) for percentage coupons, dollars for fixed ones. */
  discountValue: string;
  /** Dollars; empty means 0. */
  minimumOrder: string;
  unlimitedUses: boolean;
  usageLimit: string;
  neverExpires: boolean;
  /** An absolute instant (ISO 8601 with Z or an offset): the browser converts the admin's local time. */
  expiresAt: string;
}

/** What is stored: the shape of the coupon table's editable columns. */
export interface CouponFormValues {
  code: string;
  name: string;
  description: string | null;
  discountType: CouponDiscountType;
  percentBasisPoints: number | null;
  amountOffCents: number | null;
  minimumOrderCents: number;
  usageLimit: number | null;
  expiresAt: Date | null;
}

export type CouponFormResult = { ok: true; value: CouponFormValues } | { ok: false; message: string };

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function fail(message: string): CouponFormResult {
  return { ok: false, message };
}

/** "12.5" → 1250 (hundredths), or null when it has more than 2 decimals. */
function toHundredths(value: string): number | null {
  const unsigned = value.replace(/^\+/, "");
  if (!/^(\d+\.?\d{0,2}|\.\d{1,2})$/.test(unsigned)) return null;
  const [whole = "", fraction = ""] = unsigned.split(".");
  return Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
}

/** Checks the form and converts it to what is stored; the first problem wins, in the spec's order. */
export function validateCouponForm(input: CouponFormInput): CouponFormResult {
  const code = normalizeCouponCode(input.code);
  const name = input.name.trim();
  const description = input.description.trim();
  const rawValue = input.discountValue.trim();
  if (!code || !name || !rawValue) return fail(couponAdminMessages.required);
  if (!COUPON_CODE_PATTERN.test(code)) return fail(couponAdminMessages.codeFormat);
  if (name.length > MAX_COUPON_NAME_LENGTH) return fail(couponAdminMessages.nameTooLong);
  if (description.length > MAX_COUPON_DESCRIPTION_LENGTH) return fail(couponAdminMessages.descriptionTooLong);
  if (input.discountType !== "percentage" && input.discountType !== "fixed") {
    return fail(couponAdminMessages.discountTypeInvalid);
  }
  const discountType: CouponDiscountType = input.discountType;

  if (!NUMBER_PATTERN.test(rawValue)) return fail(couponAdminMessages.valueNotNumber);
  const numeric = Number(rawValue);
  if (!(numeric > 0)) return fail(couponAdminMessages.valueNotPositive);
  if (discountType === "percentage" && numeric > 100) return fail(couponAdminMessages.percentTooHigh);
  const hundredths = toHundredths(rawValue);
  if (hundredths === null) return fail(couponAdminMessages.valueTooPrecise);
  // "0.001" is above 0 but has too many decimals (caught above); "0.00" is not above 0
  if (discountType === "fixed" && hundredths > MAX_COUPON_AMOUNT_CENTS) {
    return fail(couponAdminMessages.valueTooHigh);
  }

  let usageLimit: number | null = null;
  if (!input.unlimitedUses) {
    const rawLimit = input.usageLimit.trim();
    if (!rawLimit || !NUMBER_PATTERN.test(rawLimit) || Number(rawLimit) < 1) {
      return fail(couponAdminMessages.usageLimitTooLow);
    }
    if (!/^\+?\d+$/.test(rawLimit)) return fail(couponAdminMessages.usageLimitNotWhole);
    usageLimit = Number(rawLimit);
    if (usageLimit > MAX_COUPON_USAGE_LIMIT) return fail(couponAdminMessages.usageLimitTooHigh);
  }

  const rawMinimum = input.minimumOrder.trim();
  const minimumOrderCents = rawMinimum ? parseUsdToCents(rawMinimum) : 0;
  if (minimumOrderCents === null) return fail(couponAdminMessages.minimumInvalid);
  if (minimumOrderCents > MAX_COUPON_AMOUNT_CENTS) return fail(couponAdminMessages.minimumTooHigh);

  let expiresAt: Date | null = null;
  if (!input.neverExpires) {
    const rawExpiry = input.expiresAt.trim();
    if (!rawExpiry) return fail(couponAdminMessages.expiryRequired);
    expiresAt = new Date(rawExpiry);
    if (!INSTANT_PATTERN.test(rawExpiry) || Number.isNaN(expiresAt.getTime())) {
      return fail(couponAdminMessages.expiryInvalid);
    }
  }

  return {
    ok: true,
    value: {
      code,
      name,
      description: description || null,
      discountType,
      percentBasisPoints: discountType === "percentage" ? hundredths : null,
      amountOffCents: discountType === "fixed" ? hundredths : null,
      minimumOrderCents,
      usageLimit,
      expiresAt,
    },
  };
}

/** Reads the dialog's fields from a submitted form. */
export function couponFormFromData(form: FormData): CouponFormInput {
  return {
    code: formText(form, "code"),
    name: formText(form, "name"),
    description: formText(form, "description"),
    discountType: formText(form, "discountType"),
    discountValue: formText(form, "discountValue"),
    minimumOrder: formText(form, "minimumOrder"),
    unlimitedUses: form.has("unlimitedUses"),
    usageLimit: formText(form, "usageLimit"),
    neverExpires: form.has("neverExpires"),
    expiresAt: formText(form, "expiresAt"),
  };
}

/** A stored coupon as the dialog's fields show it when editing. */
export function couponFormDefaults(coupon?: {
  code: string;
  name: string;
  description: string | null;
  discountType: CouponDiscountType;
  percentBasisPoints: number | null;
  amountOffCents: number | null;
  minimumOrderCents: number;
  usageLimit: number | null;
  expiresAt: string | null;
}): CouponFormInput {
  if (!coupon) {
    return {
      code: "",
      name: "",
      description: "",
      discountType: "percentage",
      discountValue: "",
      minimumOrder: "0",
      unlimitedUses: true,
      usageLimit: "",
      neverExpires: true,
      expiresAt: "",
    };
  }
  return {
    code: coupon.code,
    name: coupon.name,
    description: coupon.description ?? "",
    discountType: coupon.discountType,
    discountValue:
      coupon.discountType === "percentage"
        ? String((coupon.percentBasisPoints ?? 0) / 100)
        : ((coupon.amountOffCents ?? 0) / 100).toFixed(2),
    minimumOrder: coupon.minimumOrderCents === 0 ? "0" : (coupon.minimumOrderCents / 100).toFixed(2),
    unlimitedUses: coupon.usageLimit === null,
    usageLimit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
    neverExpires: coupon.expiresAt === null,
    expiresAt: coupon.expiresAt ?? "",
  };
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * An instant as the value of an `<input type="datetime-local">` in this runtime's time zone:
 * in the browser, the admin's own wall-clock time.
 */
export function toDateTimeLocalValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value ("2026-03-01T18:30"), read in this runtime's time zone, as an absolute
 * instant; "" when it is not a complete date and time. Run in the browser, so the server stores
 * what the admin meant where they are.
 */
export function dateTimeLocalToIso(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!match) return "";
  const [, year, month, day, hours, minutes, seconds] = match.map(Number) as number[];
  // parts are read as local time; setFullYear keeps years below 100 from becoming 19xx
  const date = new Date(2000, 0, 1, hours, minutes, seconds || 0);
  date.setFullYear(year ?? 0, (month ?? 1) - 1, day);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Coupon ids are UUIDs; anything else cannot name a coupon (and would make PostgreSQL throw). */
export function isCouponId(value: string): boolean {
  return ID_PATTERN.test(value);
}
