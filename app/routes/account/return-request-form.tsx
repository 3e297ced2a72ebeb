import { Undo2Icon } from "lucide-react";
import { useCallback, useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/auth-ui";
import { ProductImage } from "~/components/product-image";
import { Button } from "~/components/ui/button";
import { Label, NativeSelect, Textarea } from "~/components/ui/input";
import { useMoney } from "~/lib/money";
import { useFormError } from "~/lib/use-form-error";
import { cn } from "~/lib/utils";
import { variantLabel } from "../../../core/product";
import { RETURN_COMMENT_MAX_LENGTH, type ReturnResolution } from "../../../core/returns";
import { returnFieldNames } from "../../../core/validation/return-fields";
import type { ReturnForm, ReturnFormLine } from "../../../server/returns/return-views";

/** What the customer chose; kept in state so that a refused request loses nothing. */
interface Choice {
  quantities: Record<string, number>;
  exchangeSizes: Record<string, string>;
  resolution: ReturnResolution;
  reason: string;
  comment: string;
}

const canChoose = (line: ReturnFormLine) => line.unavailableReason === null && line.returnable > 0;

function ReturnLine({
  line,
  currency,
  choice,
  onQuantity,
  onExchangeSize,
}: {
  line: ReturnFormLine;
  /** The order's. */
  currency: string;
  choice: Choice;
  onQuantity: (value: number) => void;
  onExchangeSize: (value: string) => void;
}) {
  const id = useId();
  const money = useMoney(currency);
  const selectable = canChoose(line);
  const quantity = choice.quantities[line.orderItemId] ?? 0;
  const exchanging = choice.resolution === "exchange" && quantity > 0;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start" data-testid="return-line">
      <div className="flex min-w-0 flex-1 gap-3">
        <ProductImage
          image={line.image}
          alt={line.productName}
          sizes="64px"
          // a line that cannot be chosen is dimmed by its picture only: its text keeps its contrast
          className={cn("w-16 shrink-0 rounded-md border [&_svg]:size-6", !selectable && "opacity-50")}
        />
        <div className="min-w-0">
          <p className="font-medium" id={`${id}-name`}>
            {line.productName}
          </p>
          <p className="text-muted-foreground text-sm">
            {variantLabel(line.size, line.color)} · {money(line.unitPaidCents)} each
          </p>
          <p className="text-muted-foreground text-sm">Bought {line.quantityBought}</p>
          {line.unavailableReason && (
            <p className="mt-1 text-amber-200 text-sm" id={`${id}-reason`}>
              {line.unavailableReason}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:w-44">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-quantity`}>Quantity to return</Label>
          <NativeSelect
            id={`${id}-quantity`}
            // a line that cannot be chosen sends nothing (the server reads a missing line as 0)
            name={selectable ? returnFieldNames.quantity(line.orderItemId) : undefined}
            value={selectable ? quantity : 0}
            disabled={!selectable}
            aria-describedby={line.unavailableReason ? `${id}-reason` : `${id}-name`}
            onChange={(event) => onQuantity(Number(event.target.value))}
          >
            {[...Array((selectable ? line.returnable : 0) + 1).keys()].map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </NativeSelect>
        </div>
        {exchanging &&
          (line.exchangeSizes.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-exchange`}>Exchange for size</Label>
              <NativeSelect
                id={`${id}-exchange`}
                name={returnFieldNames.exchangeSize(line.orderItemId)}
                value={choice.exchangeSizes[line.orderItemId] ?? ""}
                onChange={(event) => onExchangeSize(event.target.value)}
              >
                <option value="">Choose a size</option>
                {line.exchangeSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : (
            <p className="text-amber-200 text-sm">
              No other size of this item is in stock, so it can only be refunded.
            </p>
          ))}
      </div>
    </li>
  );
}

function ResolutionChoice({
  value,
  canExchange,
  onChange,
}: {
  value: ReturnResolution;
  canExchange: boolean;
  onChange: (value: ReturnResolution) => void;
}) {
  const options = [
    { value: "refund", label: "Refund", hint: "Your money back to the original payment method." },
    {
      value: "exchange",
      label: "Exchange for another size",
      hint: canExchange
        ? "The same product in another size, shipped at no charge."
        : "No other sizes of these items are in stock right now.",
    },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-sm">What would you like?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const disabled = option.value === "exchange" && !canExchange;
          return (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-accent has-checked:bg-accent/10",
                disabled && "cursor-not-allowed opacity-60",
              )}
            >
              <input
                type="radio"
                name="resolution"
                value={option.value}
                checked={value === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="mt-1 accent-(--color-accent)"
              />
              <span>
                <span className="block font-medium text-sm">{option.label}</span>
                <span className="block text-muted-foreground text-xs">{option.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The lines to send back, why, and a refund or another size; checked in the browser first. */
export function ReturnRequestForm({
  form,
  serverError,
}: {
  form: ReturnForm;
  serverError: string | undefined;
}) {
  const [choice, setChoice] = useState<Choice>({
    quantities: {},
    exchangeSizes: {},
    resolution: "refund",
    reason: "",
    comment: "",
  });
  const { lines } = form;
  // fetched once the page is interactive: zod is not part of the page's first download (useFormError)
  const loadSchema = useCallback(
    () => import("../../../core/validation/returns").then((module) => module.returnRequestFormSchema(lines)),
    [lines],
  );
  const { error, onSubmit, onChange } = useFormError(serverError, loadSchema);
  // still "Submitting..." while the answer's redirect loads: no second request meanwhile
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod !== undefined;
  const ids = useId();
  const money = useMoney(form.currency);
  const canExchange = form.lines.some((line) => canChoose(line) && line.exchangeSizes.length > 0);
  const update = (next: Partial<Choice>) => setChoice({ ...choice, ...next });
  const estimate = form.lines.reduce(
    (sum, line) => sum + line.unitPaidCents * (choice.quantities[line.orderItemId] ?? 0),
    0,
  );
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-6">
      <section aria-labelledby={`${ids}-items`} className="rounded-xl border bg-card/60 px-5 py-4">
        <h2 id={`${ids}-items`} className="font-semibold text-lg">
          Items
        </h2>
        <ul className="divide-y">
          {form.lines.map((line) => (
            <ReturnLine
              key={line.orderItemId}
              line={line}
              currency={form.currency}
              choice={choice}
              onQuantity={(value) =>
                update({ quantities: { ...choice.quantities, [line.orderItemId]: value } })
              }
              onExchangeSize={(value) =>
                update({ exchangeSizes: { ...choice.exchangeSizes, [line.orderItemId]: value } })
              }
            />
          ))}
        </ul>
      </section>
      <section
        aria-labelledby={`${ids}-details`}
        className="flex flex-col gap-5 rounded-xl border bg-card/60 p-5"
      >
        <h2 id={`${ids}-details`} className="font-semibold text-lg">
          Details
        </h2>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${ids}-reason`}>Reason for the return</Label>
          <NativeSelect
            id={`${ids}-reason`}
            name="reason"
            value={choice.reason}
            onChange={(event) => update({ reason: event.target.value })}
          >
            <option value="">Choose a reason</option>
            {form.reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${ids}-comment`}>
            Comment <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={`${ids}-comment`}
            name="comment"
            rows={3}
            maxLength={RETURN_COMMENT_MAX_LENGTH}
            value={choice.comment}
            aria-describedby={`${ids}-comment-count`}
            onChange={(event) => update({ comment: event.target.value })}
          />
          <p id={`${ids}-comment-count`} className="self-end text-muted-foreground text-xs">
            {choice.comment.length}/{RETURN_COMMENT_MAX_LENGTH}
          </p>
        </div>
        <ResolutionChoice
          value={choice.resolution}
          canExchange={canExchange}
          onChange={(resolution) => update({ resolution })}
        />
      </section>
      <div className="flex flex-col gap-3">
        <FormError message={error} />
        {choice.resolution === "refund" && estimate > 0 && (
          <p className="text-muted-foreground text-sm" data-testid="refund-estimate">
            Estimated refund: <span className="font-medium text-foreground">{money(estimate)}</span>,
            confirmed once we have received and checked your items.
          </p>
        )}
        <Button type="submit" size="lg" className="self-stretch sm:self-end" disabled={submitting}>
          <Undo2Icon aria-hidden /> {submitting ? "Submitting..." : "Request return"}
        </Button>
      </div>
    </Form>
  );
}
