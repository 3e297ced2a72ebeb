// What the coupon dialog shows before the admin types: a stored coupon's values as the form's
// fields, and the expiry picker's local wall-clock time. The fields are checked by couponFormSchema.
import type { CouponDiscountType } from "../../../../core/coupon";

/** The dialog's fields as it starts them: every field a string, the two checkboxes as booleans. */
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
