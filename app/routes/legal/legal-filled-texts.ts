/**
 * The legal texts that depend on the store's settings: the returns policy (its voluntary window,
 * RETURN_WINDOW_DAYS), the withdrawal instructions of Annex I(A) of the Consumer Rights Directive
 * filled in with the seller (SELLER_*), the model withdrawal form of Annex I(B) and the legal
 * notice. Plain data, as legal-texts.ts; docs/LEGAL.md says which duty each one fulfils.
 */

import { REFUND_BUSINESS_DAYS } from "../../../core/order";
import { returnAddress, SELLER_FIELDS, type Seller, type SellerField } from "../../../core/seller";
import { WITHDRAWAL_PERIOD_DAYS } from "../../../core/withdrawal";
import { WITHDRAW_LINK_LABEL, WITHDRAWAL_PATHS } from "../../../core/withdrawal-link";
import type { LegalBlock, LegalFacts } from "./legal-texts";

/** The withdrawal function's page (Art. 11a) and this store's own withdrawal pages, as links. */
export const WITHDRAWAL_LINKS = {
  withdraw: { to: WITHDRAWAL_PATHS.withdraw, label: WITHDRAW_LINK_LABEL },
  instructions: { to: WITHDRAWAL_PATHS.instructions, label: "Read the withdrawal instructions" },
  form: { to: WITHDRAWAL_PATHS.form, label: "Print the model withdrawal form" },
} as const;

/** The seller's details that are filled in, joined: "Name, address, phone +49 …, e-mail …". */
function sellerContact(seller: Seller): string {
  return [
    seller.legalName,
    seller.address,
    seller.phone && `phone ${seller.phone}`,
    seller.email && `e-mail ${seller.email}`,
  ]
    .filter(Boolean)
    .join(", ");
}

export function returnsSections({ returnWindowDays: days }: LegalFacts): readonly LegalBlock[] {
  const period = WITHDRAWAL_PERIOD_DAYS;
  const twoWays: LegalBlock = {
    heading: "Two Ways to Send Items Back",
    paragraphs: [
      days > 0
        ? `You have two ways to send items back, and you choose the one that suits you: the right of withdrawal that the law gives you for ${period} days, and our voluntary returns for ${days} days after delivery.`
        : `You can send items back using the right of withdrawal that the law gives you for ${period} days. We do not offer voluntary returns beyond it.`,
    ],
    list: {
      ordered: false,
      items: [
        `Right of withdrawal (${period} days): no reason needed, and we cannot refuse it. It covers final-sale items too. When you withdraw from your whole order, we refund everything you paid, including the standard delivery cost.`,
        ...(days > 0
          ? [
              `Voluntary returns (${days} days): you tell us the reason and choose a refund or another size. We check that the items are unworn and have their tags, and we may reject a return that does not meet these conditions.`,
            ]
          : []),
      ],
    },
    note:
      days > 0
        ? "Our voluntary returns are offered in addition to your statutory rights, including the right of withdrawal and the legal guarantee for defective goods, and do not limit them."
        : "The legal guarantee for defective goods applies as well.",
  };
  const withdrawal: LegalBlock = {
    heading: `Right of Withdrawal (${period} Days)`,
    paragraphs: [
      `You may withdraw from your purchase within ${period} days without giving any reason. The period starts on the day you, or someone you name other than the carrier, receive the goods; if one order arrives in several parcels, it starts when the last one arrives. Until your order ships you can withdraw at any time: we then cancel it and refund it in full, including delivery.`,
      "The quickest way is the withdrawal function on our website. Signed in, you pick the order and, if you like, only some of its items; without an account, you give your name, the order number and the e-mail address you ordered with. You confirm the statement in a second step, and we e-mail you an acknowledgement with the date and time we received it. You may also send us the model withdrawal form or any other clear statement by post or e-mail.",
      `Once your order has shipped, send the items back within ${period} days of withdrawing; you bear the direct cost of returning them. We refund all payments received from you, including the standard delivery cost when you withdraw from the whole order, within ${period} days of receiving your withdrawal, to your original payment method. We may wait until the items are back with us or you have shown us proof of sending them.`,
    ],
    links: [WITHDRAWAL_LINKS.withdraw, WITHDRAWAL_LINKS.instructions, WITHDRAWAL_LINKS.form],
  };
  if (days === 0) return [twoWays, withdrawal];
  return [
    twoWays,
    withdrawal,
    {
      heading: `${days}-Day Voluntary Returns`,
      paragraphs: [
        `Beyond your right of withdrawal, you may return most items within ${days} days of the date your order was delivered. To be accepted, items must be unworn, unwashed and undamaged, with all original tags attached and in their original packaging. Tell us the reason when you request the return; it helps us improve.`,
      ],
    },
    {
      heading: "Refunds",
      paragraphs: [
        `Once your return arrives, we inspect it and confirm the outcome by e-mail. Approved refunds are issued to your original payment method within ${REFUND_BUSINESS_DAYS} business days. Depending on your bank or card issuer, it may take a few additional days for the amount to appear on your statement.`,
        "If you return your entire order, the standard shipping charge you paid is refunded as well. The cost of sending the items back is yours, unless the item is faulty or we sent you the wrong item.",
      ],
    },
    {
      heading: "Non-Returnable Items",
      paragraphs: [
        "For reasons of hygiene and fairness, the following items cannot be returned under our voluntary returns:",
      ],
      list: {
        ordered: false,
        items: [
          "Items marked as final sale",
          "Personalized or custom-made items",
          "Items that have been worn or washed, or have had their tags removed",
          "Intimate apparel and swimwear",
        ],
      },
      note: "Your right of withdrawal still covers these items, except goods made to your specifications or clearly personalized, and sealed goods that are not suitable for return for health protection or hygiene reasons once unsealed after delivery. Nor does this list affect your rights if an item arrives damaged, defective or different from what you ordered.",
    },
    {
      heading: "How to Return an Item",
      paragraphs: ["Returning an item under our voluntary returns takes only a few steps:"],
      list: {
        ordered: true,
        items: [
          `Sign in, open My Orders, choose the order and select "Return items". The button is there for ${days} days after delivery.`,
          "Choose the items and quantities, a reason, and whether you would like a refund or another size. You get a return number (RMA) on screen and by e-mail.",
          "Once we approve your return, we e-mail you the instructions and the address to send your items to.",
          "Pack the items securely, unworn and unwashed, with all tags attached and in their original packaging, and send them with a tracked shipping service. Keep your proof of postage.",
          `We inspect your return on arrival. Refunds give back the price you paid, VAT included, to your original payment method within ${REFUND_BUSINESS_DAYS} business days; shipping is refunded too when your whole order comes back.`,
        ],
      },
      note: "You can follow every step of your return in the order's details in My Orders, and cancel it there until we have approved it.",
      links: [{ to: "/account/orders", label: "Go to My Orders" }],
    },
    {
      heading: "Exchanges",
      paragraphs: [
        'Need a different size? Choose "Exchange for another size" when you request your return: you can swap for any other size of the same product that is in stock. Once your return arrives and passes inspection, we ship the new size at no charge.',
        "If an item arrives damaged, defective or incorrect, contact us and we will replace it free of charge or, if a replacement is no longer available, refund it in full, including shipping.",
      ],
    },
  ];
}

/** The model withdrawal instructions of Annex I(A), for the sale of goods, filled in. */
export function withdrawalSections({ seller }: LegalFacts): readonly LegalBlock[] {
  const period = WITHDRAWAL_PERIOD_DAYS;
  return [
    {
      heading: "Right of Withdrawal",
      paragraphs: [
        `You have the right to withdraw from this contract within ${period} days without giving any reason.`,
        `The withdrawal period will expire after ${period} days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the goods. If you ordered multiple goods in one order and they are delivered separately, the withdrawal period will expire after ${period} days from the day on which you acquire, or a third party other than the carrier and indicated by you acquires, physical possession of the last good.`,
        `To exercise the right of withdrawal, you must inform us (${sellerContact(seller)}) of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or e-mail). You may use the model withdrawal form, but it is not obligatory.`,
        {
          text: "You can also use the withdrawal function on our website:",
          link: WITHDRAWAL_LINKS.withdraw,
        },
        "If you use this option, we will communicate to you an acknowledgement of receipt of such a withdrawal on a durable medium (by e-mail) without delay, stating its content and the date and time we received it.",
        "To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.",
      ],
    },
    {
      heading: "Effects of Withdrawal",
      paragraphs: [
        `If you withdraw from this contract, we shall reimburse to you all payments received from you, including the costs of delivery (with the exception of the supplementary costs resulting from your choice of a type of delivery other than the least expensive type of standard delivery offered by us), without undue delay and in any event not later than ${period} days from the day on which we are informed about your decision to withdraw from this contract. If you withdraw from only some of the goods of an order, we reimburse what you paid for those goods, and the delivery costs once you have withdrawn from the whole order.`,
        "We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.",
        "We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent back the goods, whichever is the earliest.",
        `Please send back the goods or hand them over to us at ${returnAddress(seller)}, without undue delay and in any event not later than ${period} days from the day on which you communicate your withdrawal from this contract to us. The deadline is met if you send back the goods before the period of ${period} days has expired.`,
        "You will have to bear the direct cost of returning the goods.",
        "You are only liable for any diminished value of the goods resulting from the handling other than what is necessary to establish the nature, characteristics and functioning of the goods.",
      ],
    },
    {
      heading: "Before Your Order Ships",
      paragraphs: [
        "If you withdraw before we have shipped your order, we cancel it, release the goods and refund everything you paid, including delivery, straight away. There is nothing to send back.",
      ],
    },
    {
      heading: "Model Withdrawal Form",
      paragraphs: [
        "If you would rather write to us, you may use the model withdrawal form, with our address already filled in: open it, print it and send it to us. Using it is not obligatory.",
      ],
      links: [WITHDRAWAL_LINKS.form],
    },
  ];
}

/** The lines of the model withdrawal form of Annex I(B), after its "To" line. */
export const MODEL_WITHDRAWAL_FORM_LINES = [
  "I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),",
  "Ordered on (*)/received on (*),",
  "Name of consumer(s),",
  "Address of consumer(s),",
  "Signature of consumer(s) (only if this form is notified on paper),",
  "Date",
] as const;

/** Who runs the store (Art. 6(1)(c) Consumer Rights Directive, §5 DDG): the fields that are set. */
export function noticeSections({ seller }: LegalFacts): readonly LegalBlock[] {
  const facts = (Object.keys(SELLER_FIELDS) as SellerField[])
    .filter((field) => seller[field] !== "")
    .map((field) => ({ label: SELLER_FIELDS[field].label, value: seller[field] }));
  const reach = [
    seller.email && `by e-mail at ${seller.email}`,
    seller.phone && `by phone on ${seller.phone}`,
  ]
    .filter(Boolean)
    .join(" or ");
  return [
    {
      heading: "Seller",
      paragraphs: ["This store is operated by the company below, which is the seller of every order."],
      facts,
    },
    {
      heading: "Contact",
      paragraphs: [
        reach
          ? `You can reach our customer support ${reach}, for questions about an order, a return or a withdrawal.`
          : "You can reach our customer support at the address above, for questions about an order, a return or a withdrawal.",
      ],
      links: [WITHDRAWAL_LINKS.withdraw, WITHDRAWAL_LINKS.instructions],
    },
    {
      heading: "Dispute Resolution",
      paragraphs: [
        "If you have a complaint, please contact us first: we would like to put it right. We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.",
      ],
    },
  ];
}
