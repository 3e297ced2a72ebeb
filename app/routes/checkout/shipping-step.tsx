import { TagIcon, XIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef } from "react";
import { AddressFields } from "~/components/address-fields";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogBody, DialogFooter } from "~/components/ui/dialog";
import { Input, Label, Textarea } from "~/components/ui/input";
import { VatRow } from "~/components/vat-row";
import { useMoney } from "~/lib/money";
import { countryName, MAX_NOTE_LENGTH, type ShippingDetails } from "../../../core/checkout";
import { SHIPPING_METHOD } from "../../../core/delivery";
import type { PricedOrder } from "../../../core/pricing";

/**
 * Step 1 of the checkout dialog: the address, the coupon and the cart's estimated totals, which
 * scroll, over a footer that stays in view with the total, Cancel and Continue. The dialog owns
 * the state; this draws it.
 */
export function ShippingStep(props: {
  details: ShippingDetails;
  setField: (field: keyof ShippingDetails) => (value: string) => void;
  formError: string | null;
  /** The field the message is about. */
  invalidField: string | null;
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  coupon: {
    code: string;
    setCode: (value: string) => void;
    applied: { code: string; discountCents: number } | null;
    apply: () => void;
    remove: () => void;
    applying: boolean;
  };
  /** The browser's estimate for the cart, coupon and country as they stand. */
  totals: PricedOrder;
}) {
  const money = useMoney();
  const { details, setField, coupon, totals } = props;
  const id = useId();
  const errorBox = useRef<HTMLParagraphElement>(null);
  // the message sits at the top of the part that scrolls: bring it into view when it changes
  useEffect(() => {
    if (props.formError) errorBox.current?.scrollIntoView({ block: "nearest" });
  }, [props.formError]);
  const vat = totals.tax && {
    tax: { ...totals.tax, countryName: countryName(totals.tax.country) },
    taxCents: totals.taxCents,
  };

  return (
    <form onSubmit={props.onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody className="grid gap-5">
        {props.formError && (
          <p
            ref={errorBox}
            id={`${id}-error`}
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
          >
            {props.formError}
          </p>
        )}
        <fieldset className="grid gap-4">
          <legend className="mb-3 font-semibold">Shipping details</legend>
          <AddressFields
            values={details}
            onChange={(field, value) => setField(field)(value)}
            invalidField={props.formError ? props.invalidField : null}
            errorId={`${id}-error`}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>
              Delivery note <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={`${id}-note`}
              name="note"
              value={details.note}
              onChange={(event) => setField("note")(event.target.value)}
              maxLength={MAX_NOTE_LENGTH}
              placeholder="E.g. leave the parcel with the neighbour"
            />
          </div>
        </fieldset>

        <div className="grid gap-2 rounded-lg border bg-card/60 p-4">
          <Label htmlFor={`${id}-coupon`}>Coupon code</Label>
          {coupon.applied ? (
            <div className="flex items-center justify-between gap-3">
              <span
                className="inline-flex items-center gap-2 font-medium font-mono text-sm"
                data-testid="applied-coupon"
              >
                <TagIcon className="size-4 text-accent" aria-hidden /> {coupon.applied.code}
                <span className="font-sans text-muted-foreground">−{money(totals.discountCents)}</span>
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={coupon.remove}>
                <XIcon /> Remove
              </Button>
            </div>
          ) : (
            <div className="flex gap-2">
              <Input
                id={`${id}-coupon`}
                value={coupon.code}
                onChange={(event) => coupon.setCode(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    coupon.apply();
                  }
                }}
                placeholder="Enter code"
                autoComplete="off"
                className="font-mono uppercase"
                maxLength={40}
              />
              <Button type="button" variant="outline" onClick={coupon.apply} disabled={coupon.applying}>
                {coupon.applying ? "Applying..." : "Apply"}
              </Button>
            </div>
          )}
        </div>

        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd>{money(totals.subtotalCents)}</dd>
          </div>
          {totals.discountCents > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Discount</dt>
              <dd>−{money(totals.discountCents)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Shipping ({SHIPPING_METHOD})</dt>
            <dd>{money(totals.shippingCents)}</dd>
          </div>
          {vat?.tax.mode === "exclusive" && <VatRow {...vat} />}
        </dl>
      </DialogBody>

      <DialogFooter className="grid gap-3">
        <dl className="grid gap-0.5">
          <div className="flex items-baseline justify-between font-semibold">
            <dt>Total</dt>
            <dd data-testid="checkout-estimate">{money(totals.totalCents)}</dd>
          </div>
          {vat?.tax.mode === "inclusive" && <VatRow {...vat} className="text-xs" />}
        </dl>
        <DialogActions busy={props.submitting} className="flex-row! [&>*]:flex-1 sm:[&>*]:flex-none">
          <Button type="submit" disabled={props.submitting}>
            {props.submitting ? "Saving..." : "Continue to Payment"}
          </Button>
        </DialogActions>
      </DialogFooter>
    </form>
  );
}
