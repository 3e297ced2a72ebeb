// Who the seller is (Art. 6(1)(c) Consumer Rights Directive; in Germany §5 DDG): from SELLER_*
// settings (server/config.ts), shown on the legal notice, in the footer, in every e-mail, on
// receipts and in the withdrawal acknowledgement (docs/LEGAL.md).

export interface Seller {
  legalName: string;
  /** The geographic address, one line ("street, postcode city, country"). */
  address: string;
  email: string;
  phone: string;
  vatId: string;
  /** Register court and number, e.g. "Amtsgericht Berlin-Charlottenburg, HRB 123456 B". */
  tradeRegister: string;
  /** Who represents the company (managing director). */
  responsiblePerson: string;
}

export type SellerField = keyof Seller;

/** Each field, its setting and how it is named on the legal notice. */
export const SELLER_FIELDS: Record<SellerField, { env: string; label: string }> = {
  legalName: { env: "SELLER_LEGAL_NAME", label: "Legal name" },
  address: { env: "SELLER_ADDRESS", label: "Address" },
  email: { env: "SELLER_EMAIL", label: "E-mail" },
  phone: { env: "SELLER_PHONE", label: "Phone" },
  vatId: { env: "SELLER_VAT_ID", label: "VAT identification number" },
  tradeRegister: { env: "SELLER_TRADE_REGISTER", label: "Trade register" },
  responsiblePerson: { env: "SELLER_RESPONSIBLE_PERSON", label: "Managing director" },
};

/**
 * The demo seller a new store starts with outside production, for its owner to replace. In
 * production an unset field stays empty (a live shop must not show a made-up address) and the
 * start logs a warning naming the settings still missing.
 */
export const DEMO_SELLER: Seller = {
  legalName: "Nocturn Apparel GmbH",
  address: "123 Night Street, 10115 Berlin, Germany",
  email: "support@nocturn.store",
  phone: "+49 30 1234 5678",
  vatId: "DE123456789",
  tradeRegister: "Amtsgericht Berlin-Charlottenburg, HRB 123456 B",
  responsiblePerson: "Mara Schwarz",
};

/** The settings a production store has not filled in yet. */
export function missingSellerSettings(seller: Seller): string[] {
  return (Object.keys(SELLER_FIELDS) as SellerField[])
    .filter((field) => seller[field] === "")
    .map((field) => SELLER_FIELDS[field].env);
}

/** Where goods sent back go: the seller's name and address, marked for the returns desk. */
export function returnAddress(seller: Pick<Seller, "legalName" | "address">): string {
  return seller.address
    ? [seller.legalName, "Returns", seller.address].filter(Boolean).join(", ")
    : "the address on our legal notice";
}

/** What the approval e-mail says to do with the parcel, unless RETURN_INSTRUCTIONS says otherwise. */
export function defaultReturnInstructions(seller: Seller): string {
  return `Pack the items unworn with their tags, put a note with your return number (RMA) inside and send the parcel to: ${returnAddress(seller)}. Keep the postage receipt until your return is complete.`;
}

/**
 * The seller in at most two lines, for the footer of every e-mail: who and where; how to reach
 * them and their VAT ID. A field not filled in (production, before the owner sets it) is left out.
 */
export function sellerLines(seller: Seller): string[] {
  const who = [seller.legalName, seller.address].filter(Boolean).join(", ");
  const reach = [
    seller.email && `E-mail ${seller.email}`,
    seller.phone && `Phone ${seller.phone}`,
    seller.vatId && `VAT ID ${seller.vatId}`,
  ]
    .filter(Boolean)
    .join(" · ");
  return [who, reach].filter(Boolean);
}
