import { ShuffleIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { useFetcher } from "react-router";
import { FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { DialogActions } from "~/components/ui/dialog";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/input";
import { useMoney } from "~/lib/money";
import { schemaAtHand, useFormError } from "~/lib/use-form-error";
import { generateCouponCode } from "../../../../core/coupon";
import {
  couponFormSchema,
  MAX_COUPON_DESCRIPTION_LENGTH,
  MAX_COUPON_NAME_LENGTH,
} from "../../../../core/validation/coupon-form";
import type { AdminCouponView } from "../../../../server/coupons/list-coupons";
import type { action } from "./admin-coupons";
import { couponFormDefaults, dateTimeLocalToIso, toDateTimeLocalValue } from "./coupon-form-values";

function Field({
  label,
  hint,
  children,
  id,
  className,
}: {
  label: string;
  hint?: ReactNode;
  children: ReactNode;
  id: string;
  className?: string;
}) {
  return (
    <div className={className ?? "flex flex-col gap-2"}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A checkbox that stands for "no limit" ("Unlimited Uses", "Never Expires") and, while it is
 * unchecked, the fields that set the limit.
 */
function SwitchedFieldset({
  legend,
  name,
  label,
  checked,
  onCheckedChange,
  children,
}: {
  legend: string;
  name: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{legend}</legend>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onCheckedChange(event.currentTarget.checked)}
          className="size-4 accent-[var(--color-accent)]"
        />
        {label}
      </label>
      {!checked && children}
    </fieldset>
  );
}

/**
 * The coupon's fields, checked with the server's schema before they are posted. The checkboxes and
 * the expiry picker are controlled; the other fields keep their own state.
 */
const loadCouponFormSchema = schemaAtHand(couponFormSchema);

export function CouponForm({
  coupon,
  fetcher,
  serverError,
  clearServerError,
}: {
  coupon: AdminCouponView | null;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  serverError: string | null;
  clearServerError: () => void;
}) {
  const id = useId();
  const { symbol } = useMoney();
  const defaults = couponFormDefaults(coupon ?? undefined);
  const [code, setCode] = useState(defaults.code);
  const [discountType, setDiscountType] = useState(defaults.discountType);
  const [unlimitedUses, setUnlimitedUses] = useState(defaults.unlimitedUses);
  const [neverExpires, setNeverExpires] = useState(defaults.neverExpires);
  // the picker shows the admin's own wall-clock time; the form sends the absolute instant
  const [expiryLocal, setExpiryLocal] = useState(() =>
    defaults.expiresAt ? toDateTimeLocalValue(defaults.expiresAt) : "",
  );
  const form = useFormError(serverError ?? undefined, loadCouponFormSchema, fetcher);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    clearServerError();
    form.onSubmit(event);
  }

  const percentage = discountType === "percentage";
  return (
    <fetcher.Form method="post" className="flex flex-col gap-5" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="intent" value="save" />
      {coupon && <input type="hidden" name="id" value={coupon.id} />}

      <Field
        id={`${id}-code`}
        label="Coupon Code *"
        hint="3-40 characters: A-Z, 0-9, dashes and underscores."
      >
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            name="code"
            value={code}
            onChange={(event) => {
              const input = event.currentTarget;
              const { selectionStart, selectionEnd } = input;
              setCode(input.value.toUpperCase());
              // upper-casing replaces the value; put the caret back where the admin was typing
              requestAnimationFrame(() => input.setSelectionRange(selectionStart, selectionEnd));
            }}
            aria-describedby={`${id}-code-hint`}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            required
            className="font-mono uppercase tracking-wider"
          />
          <Button type="button" variant="outline" onClick={() => setCode(generateCouponCode())}>
            <ShuffleIcon aria-hidden /> Generate
          </Button>
        </div>
      </Field>

      <Field id={`${id}-name`} label="Name *">
        <Input
          id={`${id}-name`}
          name="name"
          defaultValue={defaults.name}
          placeholder="E.g. Summer Sale"
          maxLength={MAX_COUPON_NAME_LENGTH}
          required
        />
      </Field>

      <Field id={`${id}-description`} label="Description">
        <Textarea
          id={`${id}-description`}
          name="description"
          defaultValue={defaults.description}
          maxLength={MAX_COUPON_DESCRIPTION_LENGTH}
          rows={2}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-type`} label="Discount Type">
          <NativeSelect
            id={`${id}-type`}
            name="discountType"
            value={discountType}
            onChange={(event) => setDiscountType(event.currentTarget.value)}
          >
            <option value="percentage">Percentage (%)</option>
            <option value="fixed">Fixed Amount ({symbol})</option>
          </NativeSelect>
        </Field>
        <Field
          id={`${id}-value`}
          label={percentage ? "Discount Value (%) *" : `Discount Value (${symbol}) *`}
        >
          <Input
            id={`${id}-value`}
            name="discountValue"
            type="number"
            inputMode="decimal"
            min="0.01"
            max={percentage ? "100" : undefined}
            step="0.01"
            defaultValue={defaults.discountValue}
            placeholder={percentage ? "E.g. 15" : "E.g. 10.00"}
            required
          />
        </Field>
      </div>

      <Field id={`${id}-minimum`} label={`Minimum Order Amount (${symbol})`}>
        <Input
          id={`${id}-minimum`}
          name="minimumOrder"
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          defaultValue={defaults.minimumOrder}
        />
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <SwitchedFieldset
          legend="Usage limit"
          name="unlimitedUses"
          label="Unlimited Uses"
          checked={unlimitedUses}
          onCheckedChange={setUnlimitedUses}
        >
          <Field
            id={`${id}-limit`}
            label="Usage Limit"
            hint={
              coupon
                ? `Used ${coupon.usageCount} time${coupon.usageCount === 1 ? "" : "s"} so far; a limit at or below that ends the coupon.`
                : undefined
            }
          >
            <Input
              id={`${id}-limit`}
              name="usageLimit"
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              defaultValue={defaults.usageLimit}
              aria-describedby={coupon ? `${id}-limit-hint` : undefined}
            />
          </Field>
        </SwitchedFieldset>

        <SwitchedFieldset
          legend="Expiry"
          name="neverExpires"
          label="Never Expires"
          checked={neverExpires}
          onCheckedChange={setNeverExpires}
        >
          <Field id={`${id}-expiry`} label="Expires At" hint={`In your time zone (${timeZone}).`}>
            <Input
              id={`${id}-expiry`}
              type="datetime-local"
              value={expiryLocal}
              onChange={(event) => setExpiryLocal(event.currentTarget.value)}
              aria-describedby={`${id}-expiry-hint`}
              className="[color-scheme:dark]"
            />
            <input type="hidden" name="expiresAt" value={dateTimeLocalToIso(expiryLocal)} />
          </Field>
        </SwitchedFieldset>
      </div>

      {/* next to the button that was pressed: the top of a long dialog may be scrolled away */}
      {form.error && (
        <div className="[&>[role=alert]]:mb-0">
          <FormError message={form.error} />
        </div>
      )}
      <DialogActions className="pt-2">
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? "Saving..." : coupon ? "Update Coupon" : "Create Coupon"}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
