// A product's safety information, as the General Product Safety Regulation ((EU) 2023/988, Art. 19)
// asks an online offer to show: who made it and how to reach them, the EU responsible person for a
// manufacturer outside the EU, an identifier, and its warnings and safety information (for clothing:
// composition and care). docs/ARCHITECTURE.md#product-safety.
import { productSku } from "./product";
import type { Seller } from "./seller";

/** The product's own safety columns; every one may be empty. */
export interface ProductSafetyFields {
  /** Empty: the shop's own brand, and the seller is the manufacturer. */
  manufacturerName: string | null;
  manufacturerAddress: string | null;
  /** An e-mail address or a web address. */
  manufacturerEmail: string | null;
  euResponsiblePerson: string | null;
  composition: string | null;
  careInstructions: string | null;
  safetyWarnings: string | null;
}

/** What the product page shows in its "Product safety" section and its JSON-LD. */
export interface ProductSafetyView {
  manufacturer: {
    name: string;
    address: string | null;
    /** An e-mail address or a web address, as entered. */
    contact: string | null;
    /** The shop's own brand: the seller stands as the manufacturer. */
    isOwnBrand: boolean;
  };
  euResponsiblePerson: string | null;
  /** The product's article number (its SKU without a size suffix), as on the page and in orders. */
  identifier: string;
  composition: string | null;
  careInstructions: string | null;
  safetyWarnings: string | null;
}

/**
 * The product's safety information, with the seller standing in as the manufacturer of the shop's own
 * brand. In production an unset seller field is empty (core/seller.ts): the store's name then stands
 * for the legal name, and an empty address is left out rather than made up.
 */
export function productSafetyOf(
  product: ProductSafetyFields & { id: string },
  seller: Seller,
  storeName: string,
): ProductSafetyView {
  const manufacturer = product.manufacturerName
    ? {
        name: product.manufacturerName,
        address: product.manufacturerAddress,
        contact: product.manufacturerEmail,
        isOwnBrand: false,
      }
    : {
        name: seller.legalName || storeName,
        address: seller.address || null,
        contact: seller.email || null,
        isOwnBrand: true,
      };
  return {
    manufacturer,
    euResponsiblePerson: product.euResponsiblePerson,
    identifier: productSku(product.id),
    composition: product.composition,
    careInstructions: product.careInstructions,
    safetyWarnings: product.safetyWarnings,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WITH_SCHEME = /^https?:\/\//i;

/** An e-mail address, or null when the entry is not one (a web address with a scheme never is). */
function emailOf(value: string): string | null {
  return !WITH_SCHEME.test(value) && EMAIL.test(value) ? value : null;
}

/** The web address an entry names ("example.com" or "https://example.com/contact"), or null. */
function webAddressOf(value: string): URL | null {
  if (/\s/.test(value) || (!WITH_SCHEME.test(value) && value.includes("@"))) return null;
  try {
    const url = new URL(WITH_SCHEME.test(value) ? value : `https://${value}`);
    return url.hostname.includes(".") && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** Whether a manufacturer's electronic address is an e-mail address or a web address. */
export function isElectronicAddress(value: string): boolean {
  return emailOf(value) !== null || webAddressOf(value) !== null;
}

/** Whether the electronic address is an e-mail address (the JSON-LD's `email`, else its `url`). */
export function isEmailAddress(value: string): boolean {
  return emailOf(value) !== null;
}

/**
 * Where a link to the electronic address goes: mailto: for an e-mail address, http(s) for a web
 * address. Null for anything else, so a stored text can never become a javascript: link.
 */
export function electronicAddressHref(value: string): string | null {
  if (emailOf(value)) return `mailto:${value}`;
  return webAddressOf(value)?.href ?? null;
}

/** No safety details at all: the shop's own brand, nothing else said. */
export const NO_PRODUCT_SAFETY: ProductSafetyFields = {
  manufacturerName: null,
  manufacturerAddress: null,
  manufacturerEmail: null,
  euResponsiblePerson: null,
  composition: null,
  careInstructions: null,
  safetyWarnings: null,
};
