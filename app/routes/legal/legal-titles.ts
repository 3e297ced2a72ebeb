// The legal documents' names and one-line summaries (/legal's cards, each document's title and
// meta), apart from their texts (legal-texts.ts): /legal lists them without downloading every
// document (docs/PERFORMANCE.md#first-load-javascript).

export const LEGAL_SECTION_IDS = ["returns", "withdrawal", "privacy", "terms", "notice"] as const;

export type LegalSectionId = (typeof LEGAL_SECTION_IDS)[number];

export function isLegalSectionId(value: string | undefined): value is LegalSectionId {
  return (LEGAL_SECTION_IDS as readonly string[]).includes(value ?? "");
}

export const LEGAL_INDEX = {
  title: "Legal Information",
  summary:
    "Our returns policy, withdrawal instructions, privacy policy, terms of service and legal notice: how to send items back, how we handle your data, the terms of your orders and who we are.",
} as const;

/** Each document's title and one-line summary: the same whatever the settings, for cards and links. */
export const LEGAL_TITLES: Readonly<Record<LegalSectionId, { title: string; summary: string }>> = {
  returns: {
    title: "Returns & Refunds",
    summary:
      "Your 14-day right of withdrawal and our voluntary returns: how to send items back, exchanges and how refunds work.",
  },
  withdrawal: {
    title: "Withdrawal Instructions",
    summary:
      "Your right to withdraw from a purchase within 14 days without giving a reason, the model withdrawal form and what we refund.",
  },
  privacy: {
    title: "Privacy Policy",
    summary:
      "What personal data we collect, why we use it, who we share it with and the rights you have over it under the GDPR.",
  },
  terms: {
    title: "Terms of Service",
    summary:
      "The rules for using our store and placing orders: your account, our content, product information, order acceptance and liability.",
  },
  notice: {
    title: "Legal Notice",
    summary:
      "Who runs this store: the seller's legal name, address, contact details, VAT number and trade register entry.",
  },
};
