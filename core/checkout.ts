// The checkout's rules and words (docs/SPEC.md#shipping-address, docs/SPEC.md#shipping-and-checkout), shared by the dialog and
// the server. The shipping form's schema is core/validation/shipping-form.ts.
import type { ResponsiveImage } from "./images";
import type { OrderStatus, PaymentStatus } from "./order";
import type { OrderTotals } from "./pricing";

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

export const DEFAULT_COUNTRY = "DE";

export interface ShippingDetails {
  fullName: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  note: string;
}

export const MAX_FIELD_LENGTH = 200;
export const MAX_NOTE_LENGTH = 500;
/** At most this many of one product in one order, however many cart lines it arrives in. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_ORDER_LINES = 50;

export const checkoutMessages = {
  fillIn: (field: string) => `Please fill in ${field}`,
  countryRequired: "Please select a country",
  tooLong: (field: string) => `${field} is too long`,
  cartEmpty: "Your cart is empty",
  signInRequired: "Please log in to complete your purchase",
  createOrderFailed: (message: string) => `Failed to create order: ${message}`,
  createOrderFailedGeneric: "Failed to create order. Please try again.",
  productUnavailable: "A product in your cart is no longer available. Please review your cart.",
  notEnoughStock: (name: string, stock: number) =>
    stock === 0 ? `${name} is sold out.` : `Sorry, only ${stock} of ${name} available in stock.`,
  tooManyOfOne: (name: string) => `Sorry, only ${MAX_LINE_QUANTITY} of ${name} can be ordered at once.`,
  sessionFailed: "Failed to create checkout session",
  paymentFailed: "Payment failed. Please try again.",
  orderNotPayable: "This order can no longer be paid. Please start the checkout again.",
  orderNotFound: "No order information found",
  couldNotRetrieve: "Could not retrieve order information",
};

/**
 * Why one order cannot hold `quantity` of the product `name`, or null. The cart checks it when a
 * line grows, the server after merging the lines the browser sent (the same product may come
 * in several), before anything is priced or reserved. Stock is checked separately.
 */
export function lineQuantityProblem(name: string, quantity: number): string | null {
  return quantity > MAX_LINE_QUANTITY ? checkoutMessages.tooManyOfOne(name) : null;
}

function countryName(code: string): string {
  return EU_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/** docs/SPEC.md#shipping-address: name, line 1, optional line 2, "city, state zip", country; one per line. */
export function flattenAddress(details: ShippingDetails): string {
  return [
    details.fullName.trim(),
    details.addressLine1.trim(),
    details.addressLine2.trim(),
    `${details.city.trim()}, ${details.state.trim()} ${details.zipCode.trim()}`,
    countryName(details.country),
  ]
    .filter(Boolean)
    .join("\n");
}

export interface OrderSummaryLine {
  productId: string | null;
  name: string;
  /** The size as sold ("M", "One Size"). */
  size: string;
  image: ResponsiveImage | null;
  priceCents: number;
  quantity: number;
  lineTotalCents: number;
}

/** What the payment step, the success page and the confirmation e-mail show of an order. */
export interface OrderSummary extends OrderTotals {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  couponCode: string | null;
  shippingMethod: string;
  shippingAddress: string;
  lines: OrderSummaryLine[];
}
