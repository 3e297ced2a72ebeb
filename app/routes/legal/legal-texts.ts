/**
 * Policy texts for /legal and /legal/:section (spec "Legal"), plus the legal notice and the
 * withdrawal instructions this store adds (docs/LEGAL.md).
 * Plain data, no markup: the routes decide how it looks. The texts avoid the brand name on purpose
 * ("we", "our store") because the store name is configurable (STORE_NAME); the texts that name the
 * seller, the return window or the delivery cost are filled in from the settings (legal-filled-texts.ts).
 */
import type { Seller } from "../../../core/seller";
import { noticeSections, returnsSections, withdrawalSections } from "./legal-filled-texts";
import { LEGAL_TITLES, type LegalSectionId } from "./legal-titles";

export interface LegalList {
  /** true for steps that happen in order (rendered as <ol>), false for a plain bullet list (<ul>) */
  ordered: boolean;
  items: readonly string[];
}

export interface LegalLink {
  to: string;
  label: string;
}

/** A paragraph, or a paragraph ending in a link ("... on our website: <Withdraw from contract here>"). */
export type LegalParagraph = string | { text: string; link: LegalLink };

export interface LegalBlock {
  heading: string;
  paragraphs: readonly LegalParagraph[];
  /** label and value pairs (the seller's details), shown after the paragraphs */
  facts?: readonly { label: string; value: string }[];
  /** shown after the paragraphs */
  list?: LegalList;
  /** optional paragraph shown after the list */
  note?: string;
  /** optional links to pages of the store, shown last */
  links?: readonly LegalLink[];
}

export interface LegalDocument {
  title: string;
  /** one line, used on the index cards and as the meta description */
  summary: string;
  lastUpdated: {
    /** human-readable, e.g. "November 2026" */
    label: string;
    /** machine-readable for <time dateTime>, e.g. "2026-11" */
    iso: string;
  };
  sections: readonly LegalBlock[];
}

/** What the texts are filled in with: the store's settings (server/config.ts). */
export interface LegalFacts {
  seller: Seller;
  /** RETURN_WINDOW_DAYS: the voluntary returns' window; 0 when the store offers none. */
  returnWindowDays: number;
  /** The store's currency as the terms name it: "US dollars", "euros" (currencyName). */
  currencyName: string;
}

/** "USD" → "US dollars", "EUR" → "euros": the currency's plural name, in the texts' language. */
export function currencyName(currency: string): string {
  const parts = new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    currencyDisplay: "name",
  }).formatToParts(2);
  return parts.find((part) => part.type === "currency")?.value ?? currency;
}

const LAST_UPDATED = { label: "November 2026", iso: "2026-11" } as const;

/** One document, filled in with the store's settings. */
export function legalDocument(id: LegalSectionId, facts: LegalFacts): LegalDocument {
  const sections =
    id === "returns"
      ? returnsSections(facts)
      : id === "withdrawal"
        ? withdrawalSections(facts)
        : id === "notice"
          ? noticeSections(facts)
          : id === "terms"
            ? termsSections(facts)
            : STATIC_SECTIONS[id];
  return { ...LEGAL_TITLES[id], lastUpdated: LAST_UPDATED, sections };
}

const STATIC_SECTIONS: Readonly<Record<"privacy", readonly LegalBlock[]>> = {
  privacy: [
    {
      heading: "Information We Collect",
      paragraphs: [
        "We collect only the information we need to run our store and fulfil your orders. This includes:",
      ],
      list: {
        ordered: false,
        items: [
          "Account details: your name, e-mail address and password. Passwords are stored only in hashed form and are never visible to us.",
          "Order details: the products you buy, your shipping address, the order total, any coupon code used, and the order and shipping status.",
          "Payment details: card payments are handled entirely by our payment provider on its secure hosted page. We receive only a payment confirmation and reference, never your full card number.",
          "Technical data: your IP address, browser type and the pages you request, recorded in our server logs for security and troubleshooting.",
          "Back-in-stock requests: when you ask us to tell you that a sold-out size is back, the e-mail address you give (or your account's) and the size. We write to that address once, when the size is back, and only after you confirmed it by the link we sent (unless you asked while signed in).",
        ],
      },
    },
    {
      heading: "How We Use Your Information",
      paragraphs: ["We use your personal data to:"],
      list: {
        ordered: false,
        items: [
          "Process, ship and track your orders, and keep you informed about their status",
          "Create and manage your account, including password resets",
          "Answer your questions and handle returns, exchanges and refunds",
          "Protect our store and our customers against fraud and misuse",
          "Meet our legal obligations, such as tax and accounting record-keeping",
        ],
      },
      note: "We process your data to perform our contract with you, to comply with legal obligations, on the basis of our legitimate interest in running a secure store, or with your consent where the law requires it. We do not send marketing e-mails unless you have opted in.",
    },
    {
      heading: "Sharing Your Information",
      paragraphs: [
        "We never sell or rent your personal data. We share it only with the service providers we need to operate the store, and only to the extent required:",
      ],
      list: {
        ordered: false,
        items: [
          "Our payment provider, to process your card payment securely",
          "Shipping carriers, including the national postal service, to deliver your parcel and provide tracking",
          "Our hosting and database providers, which store data on our behalf under data processing agreements",
          "Public authorities, where we are legally required to disclose information",
        ],
      },
    },
    {
      heading: "Data Security",
      paragraphs: [
        "Every page of our store is served over an encrypted HTTPS connection. Passwords are stored as secure hashes, card details never reach our servers, and access to customer data is restricted to authorized staff who need it for their work.",
        "No method of transmission or storage is completely secure, but we review our safeguards regularly and will notify you and the relevant authority without undue delay if a breach affects your data.",
      ],
    },
    {
      heading: "Data Retention",
      paragraphs: [
        "We keep your account data for as long as your account exists. Order and invoice records are retained for the period required by tax and commercial law, after which they are deleted; if you delete your account, they are kept for that period without any link to you. Copies of the e-mails we send you are kept for a week after delivery. A back-in-stock request is deleted 7 days after it was made if you never confirmed it, and 30 days after we told you the size is back. Server logs are kept for a short period only.",
      ],
    },
    {
      heading: "Your Rights",
      paragraphs: ["Under the EU General Data Protection Regulation (GDPR), you have the right to:"],
      list: {
        ordered: false,
        items: [
          "Access the personal data we hold about you and receive a copy of it",
          "Have inaccurate data corrected and incomplete data completed",
          "Have your data erased when it is no longer needed or you withdraw your consent",
          "Restrict or object to certain processing, including processing based on legitimate interests",
          "Receive your data in a portable, machine-readable format",
          "Withdraw your consent at any time, without affecting processing carried out before",
          "Lodge a complaint with a data protection supervisory authority",
        ],
      },
      note: 'You can exercise the rights of access, erasure and portability yourself: in your account\'s Settings, "Download my data" gives you a copy of everything we hold about you (your profile, saved address, orders with their receipts, VAT and refunds, and any returns) as a JSON file, and "Delete my account" erases your account at once, after you confirm it with your password and once more after reading what is erased and what is kept. It signs you out on every device and deletes your profile, saved address and sign-in details; the records of your orders and receipts that tax law requires us to keep stay, no longer linked to you, until that period ends. An account with an order awaiting payment, not yet delivered or with a return in progress can be deleted once that order or return is finished. We send one e-mail to confirm the deletion. To exercise any other right, contact our customer support using the details in the site footer. We respond within one month.',
      links: [{ to: "/account/settings", label: "Go to your account settings" }],
    },
    {
      heading: "Cookies and Local Storage",
      paragraphs: [
        "Your shopping cart is kept in your browser's local storage, so it stays available between visits without an account. It remains on your device until you clear your cart or your browser data, and its contents are sent to us only to show current prices and stock and when you check out.",
        "When you sign in, we set a single session cookie that keeps you signed in. It is strictly necessary for your account to work and is removed when you sign out or when the session expires.",
        "We do not use advertising or third-party tracking cookies. Our payment provider may set its own cookies on its hosted checkout page, which are governed by its privacy policy.",
      ],
    },
    {
      heading: "Changes to This Policy",
      paragraphs: [
        "We may update this policy from time to time. The date at the top of this page shows when it was last revised, and we will inform you of significant changes by e-mail or on our website.",
      ],
    },
  ],
};

/** The terms of service: the prices' currency is the store's (STORE_CURRENCY). */
function termsSections({ currencyName }: LegalFacts): readonly LegalBlock[] {
  return [
    {
      heading: "Agreement to These Terms",
      paragraphs: [
        "These terms apply to your use of our website and to every order you place with us. By using the site or placing an order, you agree to them. Please read them together with our Privacy Policy and our Returns & Refunds policy.",
      ],
    },
    {
      heading: "Your Account",
      paragraphs: [
        "You can browse our store and use the cart without an account, but you need one to check out. When you create an account, you agree to:",
      ],
      list: {
        ordered: false,
        items: [
          "Provide accurate and complete information and keep it up to date",
          "Keep your password confidential and not share your account with others",
          "Take responsibility for all activity that takes place under your account",
          "Tell us immediately if you suspect unauthorized use of your account",
        ],
      },
      note: "You must be at least 18 years old, or have the consent of a parent or guardian, to place an order. We may suspend or close accounts that breach these terms.",
    },
    {
      heading: "Intellectual Property",
      paragraphs: [
        "All content on this site, including our name and logos, product designs, photographs, graphics and text, is owned by us or our licensors and protected by copyright and trademark law. You may view and print pages for your personal, non-commercial use. Any other reproduction, distribution or modification requires our prior written permission.",
      ],
    },
    {
      heading: "Product Information",
      paragraphs: [
        "We take care to describe and photograph our products accurately. Colors may appear slightly different depending on your screen, and measurements are approximate. Availability is not guaranteed until your order is confirmed.",
        `Prices are shown in ${currencyName}. We may change prices at any time, but changes do not affect orders that have already been accepted. If a product is listed at an obviously incorrect price, we will contact you before processing the order.`,
      ],
    },
    {
      heading: "Orders and Acceptance",
      paragraphs: [
        "Placing an order is an offer to buy the selected products. Your payment is taken on our payment provider's secure page when you check out, and the confirmation you then receive acknowledges receipt of your order. A contract is formed when we accept your order by dispatching it.",
        "We may decline or cancel an order, for example if a product is out of stock, if there is an error in price or description, or if we suspect fraud. If we do, we will let you know and refund any amount you have paid in full.",
        "Coupon codes are subject to their stated conditions, such as a minimum order amount or an expiry date, and cannot be exchanged for cash.",
      ],
    },
    {
      heading: "Acceptable Use",
      paragraphs: ["When using our site, you agree not to:"],
      list: {
        ordered: false,
        items: [
          "Use the site for any unlawful or fraudulent purpose, including fraudulent orders or payments",
          "Attempt to gain unauthorized access to our systems, other accounts or the admin area",
          "Interfere with the security or normal operation of the site, or introduce malicious code",
          "Use bots, scrapers or other automated means to access the site or place orders",
        ],
      },
    },
    {
      heading: "Limitation of Liability",
      paragraphs: [
        "To the extent permitted by law, we are not liable for indirect or consequential losses, such as loss of profit or data, arising from your use of the site or our products. Our total liability for any order is limited to the amount you paid for that order.",
        "Nothing in these terms limits our liability for intent or gross negligence, for death or personal injury caused by our negligence, under mandatory product liability law, or any other liability that cannot be excluded by law. Your statutory rights as a consumer are not affected.",
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        "These terms are governed by the laws of [Jurisdiction to be confirmed by the store owner]. If you are a consumer, you also keep the protection of the mandatory provisions of the law of your country of residence.",
      ],
    },
    {
      heading: "Changes to These Terms",
      paragraphs: [
        "We may update these terms from time to time. The version published on this page at the time you place an order applies to that order.",
      ],
    },
  ];
}
