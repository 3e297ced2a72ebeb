// The checkout's rules and words (docs/SPEC.md#shipping-address, docs/SPEC.md#shipping-and-checkout), shared by the dialog and
// the server. The shipping form's schema is core/validation/shipping-form.ts.
import { postalLines } from "./address-format";
import type { ResponsiveImage } from "./images";
import { tooManyOfOne } from "./line-quantity";
import type { OrderStatus, PaymentStatus } from "./order";
import type { OrderTotals } from "./pricing";
import type { TaxMode, TaxSummaryEntry } from "./tax";

export { lineQuantityProblem } from "./line-quantity";

/** The 27 EU member states, sorted by name. */
export const EU_COUNTRIES = [
  { code: "AT", name: "Austria" },
  { code: "BE", name: "Belgium" },
  { code: "BG", name: "Bulgaria" },
  { code: "HR", name: "Croatia" },
  { code: "CY", name: "Cyprus" },
  { code: "CZ", name: "Czechia" },
  { code: "DK", name: "Denmark" },
  { code: "EE", name: "Estonia" },
  { code: "FI", name: "Finland" },
  { code: "FR", name: "France" },
  { code: "DE", name: "Germany" },
  { code: "GR", name: "Greece" },
  { code: "HU", name: "Hungary" },
  { code: "IE", name: "Ireland" },
  { code: "IT", name: "Italy" },
  { code: "LV", name: "Latvia" },
  { code: "LT", name: "Lithuania" },
  { code: "LU", name: "Luxembourg" },
  { code: "MT", name: "Malta" },
  { code: "NL", name: "Netherlands" },
  { code: "PL", name: "Poland" },
  { code: "PT", name: "Portugal" },
  { code: "RO", name: "Romania" },
  { code: "SK", name: "Slovakia" },
  { code: "SI", name: "Slovenia" },
  { code: "ES", name: "Spain" },
  { code: "SE", name: "Sweden" },
] as const;

export type EuCountryCode = (typeof EU_COUNTRIES)[number]["code"];

export const DEFAULT_COUNTRY = "DE";

/** A postal address as the shipping form and the account's remembered address hold it. */
export interface PostalAddress {
  fullName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  /** The region line where the country uses one (core/address-format.ts), otherwise empty. */
  state: string;
  zipCode: string;
  country: string;
}

export interface ShippingDetails extends PostalAddress {
  note: string;
}

/**
 * What the shipping step starts with: the address the customer used last, or else an empty one
 * with the account's name (docs/ARCHITECTURE.md#shipping-step).
 */
export function shippingDefaults(remembered: PostalAddress | null, accountName: string): ShippingDetails {
  if (remembered) return { ...remembered, note: "" };
  return {
    fullName: accountName,
    addressLine1: "",
    addressLine2: "",
    city: "",
    state: "",
    zipCode: "",
    country: DEFAULT_COUNTRY,
    note: "",
  };
}

export const MAX_FIELD_LENGTH = 200;
export const MAX_NOTE_LENGTH = 500;
export const MAX_ORDER_LINES = 50;

export const checkoutMessages = {
  fillIn: (field: string) => `Please fill in ${field}`,
  countryRequired: "Please select a country",
  invalidPostcode: (country: string) => `Please enter a valid postal code for ${countryName(country)}`,
  tooLong: (field: string) => `${field} is too long`,
  cartEmpty: "Your cart is empty",
  signInRequired: "Please log in to complete your purchase",
  createOrderFailed: (message: string) => `Failed to create order: ${message}`,
  createOrderFailedGeneric: "Failed to create order. Please try again.",
  productUnavailable: "A product in your cart is no longer available. Please review your cart.",
  notEnoughStock: (name: string, stock: number) =>
    stock === 0 ? `${name} is sold out.` : `Sorry, only ${stock} of ${name} available in stock.`,
  tooManyOfOne,
  sessionFailed: "Failed to create checkout session",
  paymentFailed: "Payment failed. Please try again.",
  orderNotPayable: "This order can no longer be paid. Please start the checkout again.",
  orderNotFound: "No order information found",
  /** The customer's earlier payment page was paid while this checkout replaced it. */
  paidMeanwhile: (orderNumber: string) =>
    `Order ${orderNumber} was paid a moment ago, in another window. Please check My Orders before you order again.`,
  /** Pay was pressed in another window while this checkout was being saved. */
  payingElsewhere:
    "Your order is being paid in another window. Please finish there, or try again in a moment.",
  couldNotRetrieve: "Could not retrieve order information",
  addressSaved: "Shipping address saved",
  addressSaveFailed: "Failed to save shipping address",
};

export function countryName(code: string): string {
  return EU_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/**
 * docs/SPEC.md#shipping-address: name, line 1, optional line 2, the postal lines, country; one per
 * line. The postal lines follow the country's practice ("10119 Berlin", "00144 Roma RM") rather
 * than the spec's "city, state zip" (core/address-format.ts).
 */
export function flattenAddress(details: PostalAddress): string {
  return [
    details.fullName.trim(),
    details.addressLine1.trim(),
    details.addressLine2.trim(),
    ...postalLines(details),
    countryName(details.country),
  ]
    .filter(Boolean)
    .join("\n");
}

/** A line of an order as sold, as the customer's and the admin's screens show it. */
export interface OrderLineView {
  /** Null once the product was deleted: the line keeps its snapshot but links nowhere. */
  productId: string | null;
  name: string;
  /** The size as sold ("M", "One Size"). */
  size: string;
  /** The colour as sold ("Black"); null for a product without colours. */
  color: string | null;
  image: ResponsiveImage | null;
  priceCents: number;
  quantity: number;
  /** The line's share of the coupon, its net (without VAT, after the discount) and its VAT. */
  discountCents: number;
  netCents: number;
  taxCents: number;
}

export interface OrderSummaryLine extends OrderLineView {
  /** price x quantity, as entered. */
  lineTotalCents: number;
}

/** The VAT an order was charged: where, at what rate, and how the prices held it. */
export interface OrderTax {
  mode: TaxMode;
  country: string;
  countryName: string;
  rateBasisPoints: number;
  /** The VAT on shipping (part of the order's taxCents). */
  shippingTaxCents: number;
  summary: TaxSummaryEntry[];
}

/** What the payment step, the success page and the confirmation e-mail show of an order. */
export interface OrderSummary extends OrderTotals {
  orderId: string;
  orderNumber: string;
  /** ISO 4217, upper case: the currency the order was sold in, which its amounts are in. */
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  couponCode: string | null;
  shippingMethod: string;
  shippingAddress: string;
  lines: OrderSummaryLine[];
  /** Null for orders placed before the store charged VAT. */
  tax: OrderTax | null;
}
