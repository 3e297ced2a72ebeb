import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { useDateFormat } from "~/lib/date-format";
import { useMoney } from "~/lib/money";
import { centsToPriceField } from "../../../../core/validation/product-form";
import type { AdminProductView } from "../../../../server/catalog/admin-product.view";
import { dateTimeLocalToIso, toDateTimeLocalValue } from "../coupons/coupon-form-values";

type SaleProduct = Pick<AdminProductView, "salePriceCents" | "saleStartsAt" | "saleEndsAt" | "priceHistory">;

/** A datetime picker in the admin's own time zone that posts the absolute instant (as the coupon expiry). */
function InstantField({
  label,
  name,
  value,
  onChange,
  hintId,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hintId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-describedby={hintId}
        className="[color-scheme:dark]"
      />
      <input type="hidden" name={name} value={dateTimeLocalToIso(value)} />
    </div>
  );
}

/**
 * The product dialog's "Sale" group (docs/PRICING.md#sale-prices): a sale price below the regular
 * price with an optional start and end; clearing the price (or "Remove sale") ends the sale on
 * saving. Below it, the product's price history.
 */
export function ProductSaleFields({
  product,
  disabled,
}: {
  product: SaleProduct | null;
  disabled?: boolean;
}) {
  const hintId = useId();
  const priceId = useId();
  const [price, setPrice] = useState(
    product?.salePriceCents == null ? "" : centsToPriceField(product.salePriceCents),
  );
  const [starts, setStarts] = useState(
    product?.saleStartsAt ? toDateTimeLocalValue(product.saleStartsAt) : "",
  );
  const [ends, setEnds] = useState(product?.saleEndsAt ? toDateTimeLocalValue(product.saleEndsAt) : "");
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const hasSale = price !== "" || starts !== "" || ends !== "";

  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold text-sm">Sale</legend>
      <p id={hintId} className="-mt-2 text-muted-foreground text-xs">
        A sale price below the regular price. Without a start it runs from saving, without an end until you
        remove it. Times are in your time zone ({timeZone}). The shop shows the regular price struck through
        and the lowest price of the 30 days before the sale, as EU law requires.
      </p>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={priceId}>Sale price</Label>
          <Input
            id={priceId}
            name="salePrice"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            placeholder="No sale"
          />
        </div>
        <InstantField
          label="Starts"
          name="saleStartsAt"
          value={starts}
          onChange={setStarts}
          hintId={hintId}
        />
        <InstantField label="Ends" name="saleEndsAt" value={ends} onChange={setEnds} hintId={hintId} />
      </div>
      {hasSale && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={disabled}
          onClick={() => {
            setPrice("");
            setStarts("");
            setEnds("");
          }}
        >
          Remove sale
        </Button>
      )}
      {product && product.priceHistory.length > 0 && <PriceHistoryTable history={product.priceHistory} />}
    </fieldset>
  );
}

/** The product's latest price changes, newest first: when, the prices, the sale's window and who. */
function PriceHistoryTable({ history }: { history: SaleProduct["priceHistory"] }) {
  const money = useMoney();
  const dates = useDateFormat();
  const windowOf = (entry: SaleProduct["priceHistory"][number]) => {
    if (entry.salePriceCents === null) return "—";
    const from = entry.saleStartsAt ? dates.dateTime(entry.saleStartsAt) : "saving";
    const until = entry.saleEndsAt ? dates.dateTime(entry.saleEndsAt) : "removed";
    return `From ${from} until ${until}`;
  };
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs" data-testid="price-history">
        <caption className="mb-2 text-left font-medium text-sm">Price history</caption>
        <thead className="text-muted-foreground">
          <tr>
            {["When", "Regular", "Sale", "Window", "By"].map((heading) => (
              <th key={heading} scope="col" className="py-1 pr-3 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={entry.changedAt} className="border-t align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap">{dates.dateTime(entry.changedAt)}</td>
              <td className="py-1.5 pr-3">{money(entry.priceCents)}</td>
              <td className="py-1.5 pr-3">
                {entry.salePriceCents === null ? "—" : money(entry.salePriceCents)}
              </td>
              <td className="py-1.5 pr-3">{windowOf(entry)}</td>
              <td className="py-1.5">{entry.changedBy ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
