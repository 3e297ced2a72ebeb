import { useTaxMode } from "~/components/vat-note";
import { useMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { estimateCart } from "~/lib/vat-estimate";
import { type CartLine, cartItemCount } from "../../../core/cart";
import { countryName } from "../../../core/checkout";
import { SHIPPING_DAYS, SHIPPING_METHOD } from "../../../core/delivery";
import { type AppliedTax, cartVatRow, vatNote } from "../../../core/tax";

/** The cart page's Order Summary rows: subtotal, shipping, VAT and total. */
export function CartTotals({ lines, tax }: { lines: CartLine[]; tax: AppliedTax | null }) {
  const mode = useTaxMode();
  const itemCount = cartItemCount(lines);
  const estimate = estimateCart(lines, tax);
  const money = useMoney();
  const vat = cartVatRow(
    mode,
    tax && {
      rateBasisPoints: tax.rateBasisPoints,
      countryName: countryName(tax.country),
      taxCents: estimate.taxCents,
    },
    money,
  );
  return (
    <dl className="space-y-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">
          Subtotal ({itemCount} {itemCount === 1 ? "item" : "items"})
        </dt>
        <dd data-testid="cart-subtotal">{money(estimate.subtotalCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">
          Shipping ({SHIPPING_METHOD}) <span className="block text-xs">{SHIPPING_DAYS}</span>
        </dt>
        <dd data-testid="cart-shipping">{money(estimate.shippingCents)}</dd>
      </div>
      <div className="flex justify-between gap-4" data-testid="vat-row">
        <dt className="text-muted-foreground">
          {vat.label}{" "}
          <span className="block text-xs" data-testid="vat-note">
            {vat.note}
          </span>
        </dt>
        {/* included VAT is part of the total, not added to it: shown quietly */}
        <dd
          className={cn("shrink-0", mode === "inclusive" && "text-muted-foreground")}
          data-testid="vat-amount"
        >
          {vat.value}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t pt-3 font-semibold text-base">
        <dt>
          Total
          {/* the VAT is not in it yet: added at checkout, once the country is known */}
          {mode === "exclusive" && !tax && (
            <span className="font-normal text-muted-foreground text-xs"> {vatNote(mode)}</span>
          )}
        </dt>
        <dd data-testid="cart-total">{money(estimate.totalCents)}</dd>
      </div>
    </dl>
  );
}
