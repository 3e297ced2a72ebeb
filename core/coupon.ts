// Coupon rules (docs/SPEC.md#coupon-at-checkout, docs/SPEC.md#business-constants). Pure: the checkout
// dialog, the server and the tests use the same functions; the server is the authority and checks again
// when it redeems.
import { formatMoney, type MoneySettings } from "./money";

export const COUPON_DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** What pricing needs to know about a coupon. */
export interface CouponTerms {
  discountType: CouponDiscountType;
  /** Percentage coupons: hundredths of a percent (1250 = 12.5 %). */
  percentBasisPoints: number | null;
  /** Fixed coupons: cents off. */
  amountOffCents: number | null;
  minimumOrderCents: number;
}

/** What deciding whether a coupon may be used needs to know. */
export interface CouponState extends CouponTerms {
  isActive: boolean;
  expiresAt: Date | null;
  usageLimit: number | null;
  usageCount: number;
}

export const couponMessages = {
  empty: "Please enter a coupon code",
  invalid: "Invalid coupon code",
  expired: "This coupon has expired",
  exhausted: "This coupon has reached its usage limit",
  minimum: (minimumCents: number, money: MoneySettings) =>
    `Minimum order amount of ${formatMoney(minimumCents, money)} required for this coupon`,
  failed: "Failed to apply coupon",
  applied: (savedCents: number, money: MoneySettings) =>
    `Coupon applied! You saved ${formatMoney(savedCents, money)}`,
  removed: "Coupon removed",
  tooManyAttempts: (seconds: number) =>
    `Too many coupon attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
};

/** Codes are compared and stored upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The discount in cents: a percentage of the subtotal rounded half-up to the cent, or the fixed
 * amount; never more than the subtotal.
 */
export function couponDiscountCents(terms: CouponTerms, subtotalCents: number): number {
  const raw =
    terms.discountType === "percentage"
      ? Math.floor(((terms.percentBasisPoints ?? 0) * subtotalCents + 5000) / 10000)
      : (terms.amountOffCents ?? 0);
  return Math.max(0, Math.min(raw, subtotalCents));
}

/**
 * Why a coupon cannot be used for this subtotal, in the spec's order; null when it can.
 * A missing coupon and an inactive one give the same answer, so codes cannot be probed.
 */
export function couponProblem(
  coupon: CouponState | null | undefined,
  subtotalCents: number,
  /** The store's currency, which a coupon's amounts are in (docs/CURRENCY.md). */
  money: MoneySettings,
  now: Date = new Date(),
): string | null {
  if (!coupon || !coupon.isActive) return couponMessages.invalid;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return couponMessages.expired;
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return couponMessages.exhausted;
  if (subtotalCents < coupon.minimumOrderCents)
    return couponMessages.minimum(coupon.minimumOrderCents, money);
  return null;
}

/** "15%" / "12.5%" / "$10.00" (a fixed amount in the store's currency). */
export function formatCouponDiscount(
  terms: Pick<CouponTerms, "discountType" | "percentBasisPoints" | "amountOffCents">,
  money: MoneySettings,
) {
  if (terms.discountType === "percentage") {
    return `${Number(((terms.percentBasisPoints ?? 0) / 100).toFixed(2))}%`;
  }
  return formatMoney(terms.amountOffCents ?? 0, money);
}

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 8 characters of A-Z and 0-9 from a cryptographic source, without modulo bias. */
export function generateCouponCode(length = 8): string {
  let code = "";
  const bytes = new Uint8Array(1);
  while (code.length < length) {
    crypto.getRandomValues(bytes);
    const byte = bytes[0] ?? 255;
    // 252 = 7 × 36: larger values would favour the first letters
    if (byte < 252) code += CODE_ALPHABET[byte % 36];
  }
  return code;
}
