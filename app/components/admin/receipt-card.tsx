import { CreditCardIcon, EyeIcon, MailIcon, ReceiptTextIcon } from "lucide-react";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { capitalize, receiptStatusTone } from "../../../core/order";
import { DateTime } from "./order-date-time";

/** What the receipts screen gets of a receipt; money already formatted on the server. */
export interface ReceiptView {
  id: string;
  receiptNumber: string;
  orderNumber: string;
  billingEmail: string;
  /** "Visa •••• 4242", or null when the provider gave no card. */
  cardLabel: string | null;
  /** The amount paid in the receipt's own currency, e.g. "$59.99" or "€12.00". */
  amount: string;
  status: string;
  createdAt: string;
  /** The provider's raw charge data as indented JSON, when kept. */
  providerData: string | null;
}

const BRANDS: Record<string, string> = {
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  mastercard: "Mastercard",
  unionpay: "UnionPay",
  visa: "Visa",
};

/** "visa" + "4242" → "Visa •••• 4242". */
export function cardLabel(brand: string | null, last4: string | null): string | null {
  if (!brand && !last4) return null;
  const name = brand ? (BRANDS[brand.toLowerCase()] ?? capitalize(brand)) : "Card";
  return last4 ? `${name} •••• ${last4}` : name;
}

/**
 * An amount in the currency's smallest unit (cents, or yen for JPY) formatted in that currency.
 * An unknown currency code still shows the number and the code.
 */
export function formatReceiptAmount(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minorUnits / 10 ** digits);
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
}

export function ReceiptCard({ receipt, onView }: { receipt: ReceiptView; onView: (id: string) => void }) {
  return (
    <article
      className="flex flex-col gap-4 rounded-xl border bg-card/60 p-5"
      aria-labelledby={`receipt-${receipt.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`receipt-${receipt.id}`} className="flex items-center gap-2 font-mono font-semibold">
            <ReceiptTextIcon className="size-4 shrink-0 text-accent" aria-hidden />
            {receipt.receiptNumber}
          </h2>
          <p className="mt-1 text-muted-foreground text-sm">
            Order <span className="font-mono text-foreground">{receipt.orderNumber}</span>
          </p>
        </div>
        <StatusBadge status={receipt.status} tone={receiptStatusTone(receipt.status)} />
      </div>
      <p className="font-bold text-2xl tabular-nums">{receipt.amount}</p>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <CreditCardIcon className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Card</span>
          </dt>
          <dd>{receipt.cardLabel ?? <span className="text-muted-foreground">No card details</span>}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <MailIcon className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Billing email</span>
          </dt>
          <dd className="truncate" title={receipt.billingEmail}>
            {receipt.billingEmail}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4">
        <DateTime iso={receipt.createdAt} className="text-muted-foreground text-sm" />
        <Button
          variant="outline"
          size="sm"
          onClick={() => onView(receipt.id)}
          aria-label={`View details of receipt ${receipt.receiptNumber}`}
        >
          <EyeIcon /> View Details
        </Button>
      </div>
    </article>
  );
}
