// What the account pages and the admin see of returns (docs/RETURNS.md). Dates are ISO 8601 strings,
// money is integer cents.
import type { ResponsiveImage } from "../../core/images";
import type { ReturnItemCondition, ReturnKind, ReturnResolution, ReturnState } from "../../core/returns";

export interface ReturnReasonOption {
  code: string;
  label: string;
}

export interface ReturnEventView {
  state: ReturnState;
  at: string;
  actorRole: "customer" | "admin";
  /** Only in the admin's view: who it was. */
  actorEmail?: string | null;
  /** The rejection reason, the refund's amount, the replacement order: what the step said. */
  note: string | null;
}

export interface ReturnItemView {
  id: string;
  orderItemId: string;
  productName: string;
  size: string;
  /** The colour as sold; null for a product without colours. */
  color: string | null;
  image: ResponsiveImage | null;
  quantity: number;
  /** Exchanges: the size sent instead. */
  exchangeSize: string | null;
  /** Once received. */
  condition: ReturnItemCondition | null;
}

/** One return as its customer sees it, in the order details of My Orders. */
/** The statement a withdrawal's return carries out (docs/LEGAL.md#withdrawal). */
export interface WithdrawalView {
  statement: string;
  receivedAt: string;
  /** 14 days after receipt: the refund is due by then. */
  refundDueAt: string;
  refundedAt: string | null;
}

export interface ReturnView {
  id: string;
  kind: ReturnKind;
  /** For kind "withdrawal". */
  withdrawal: WithdrawalView | null;
  /** Withdrawals: what the customer sent as proof that the goods are on their way back. */
  proofOfSending: string | null;
  rmaNumber: string;
  state: ReturnState;
  resolution: ReturnResolution;
  reasonLabel: string;
  comment: string | null;
  rejectionReason: string | null;
  /** Given back, once refunded. */
  refundCents: number | null;
  /** The order that ships the other size, once exchanged. */
  replacementOrderNumber: string | null;
  createdAt: string;
  items: ReturnItemView[];
  /** Oldest first. */
  events: ReturnEventView[];
}

/** Whether "Return items" is offered for an order, and why not. */
export type ReturnOffer =
  | { available: true; windowEndsAt: string }
  /** message: shown where the button would be ("The 30-day return window ... ended on ..."); null: say nothing. */
  | { available: false; message: string | null };

/** A line of the return form. */
export interface ReturnFormLine {
  orderItemId: string;
  productName: string;
  size: string;
  /** The colour as sold; null for a product without colours. */
  color: string | null;
  image: ResponsiveImage | null;
  /** What one unit cost after its share of the coupon, VAT included (an estimate; the refund is computed when made). */
  unitPaidCents: number;
  quantityBought: number;
  /** How many can still be returned: bought minus what open or completed returns hold. */
  returnable: number;
  /** Why the line cannot be chosen (final sale, already returned); null when it can. */
  unavailableReason: string | null;
  /** Other sizes of the same product in stock now, for an exchange; empty when there are none. */
  exchangeSizes: string[];
}

/** What /account/orders/:orderId/return shows. */
export interface ReturnForm {
  orderId: string;
  orderNumber: string;
  /** The order's currency (ISO 4217, upper case), which the paid amounts are in. */
  currency: string;
  deliveredAt: string;
  windowEndsAt: string;
  windowDays: number;
  reasons: ReturnReasonOption[];
  lines: ReturnFormLine[];
}

/** A row of the admin's Returns list. */
export interface AdminReturnRow {
  id: string;
  kind: ReturnKind;
  /** Withdrawals not refunded yet: whole days until the refund is due; negative when overdue. */
  refundDaysLeft: number | null;
  rmaNumber: string;
  state: ReturnState;
  resolution: ReturnResolution;
  orderId: string;
  orderNumber: string;
  /** The customer's e-mail; null once they deleted their account (shown as "Deleted customer"). */
  customerEmail: string | null;
  reasonLabel: string;
  /** Units in the return. */
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminReturnList {
  returns: AdminReturnRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Returns an admin still has to act on: requested, approved or received (all of them, whatever the filter). */
  waitingCount: number;
  /** Withdrawals whose refund is past due (all of them, whatever the filter). */
  overdueWithdrawals: number;
}

/** The admin's details of one return. */
export interface AdminReturnDetails extends ReturnView {
  orderId: string;
  orderNumber: string;
  /** The order's currency (ISO 4217, upper case): the refund, its VAT and the preview are in it. */
  currency: string;
  customerEmail: string | null;
  customerName: string | null;
  /** The refund's VAT, once refunded. */
  refundTaxCents: number | null;
  /** The provider's message when the last refund attempt failed. */
  refundError: string | null;
  /** What pressing Refund would give back now (lines, plus shipping when the whole order has come back). */
  refundPreviewCents: number | null;
  events: Required<ReturnEventView>[];
  /** The customer's other returns, newest first (their history). */
  history: Array<{
    id: string;
    rmaNumber: string;
    state: ReturnState;
    orderNumber: string;
    createdAt: string;
  }>;
  /** How many paid orders the customer has (history at a glance). */
  customerOrderCount: number;
}

/** What the Returns screen's dialog shows for `?return=<id>`: the return, or why it cannot be shown ("Return not found."). */
export type OpenedReturn = { details: AdminReturnDetails; error: null } | { details: null; error: string };
