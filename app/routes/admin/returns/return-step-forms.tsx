import { type FormEvent, useId, useMemo } from "react";
import { Button } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/input";
import { useFormError } from "~/lib/use-form-error";
import { RETURN_ITEM_CONDITIONS, RETURN_REJECTION_MAX_LENGTH } from "../../../../core/returns";
import { conditionFieldName, receiveFormSchema } from "../../../../core/validation/return-actions";
import { returnRejectionSchema } from "../../../../core/validation/returns";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import { CONDITION_LABELS } from "./return-summary";
import type { ReturnAction } from "./use-return-action";

/** What the reject and receive forms share: the dialog's fetcher, the server's refusal, the way back. */
export interface ReturnFormProps {
  action: ReturnAction;
  serverError: string | undefined;
  onCancel: () => void;
}

/**
 * Checks the form with its schema (the same the use case parses with) and sends it through the
 * dialog's fetcher when it passes; the browser's check only spares a round trip.
 */
function useStepForm(
  { action, serverError }: ReturnFormProps,
  schema: Parameters<typeof useFormError>[1],
  send: (data: FormData) => void,
) {
  const check = useFormError(serverError, schema, action.fetcher);
  return {
    error: check.error,
    busy: action.busy,
    onChange: check.onChange,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      check.onSubmit(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      send(new FormData(event.currentTarget));
    },
  };
}

/** The reason is required: the customer reads it. */
export function RejectForm(props: ReturnFormProps) {
  const fieldId = useId();
  const errorId = useId();
  const hintId = useId();
  const { error, busy, onChange, onSubmit } = useStepForm(props, returnRejectionSchema, (data) =>
    props.action.send("reject", { reason: String(data.get("reason") ?? "").trim() }),
  );
  const { onCancel } = props;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/5 p-4"
    >
      <Label htmlFor={fieldId}>Reason for the rejection</Label>
      <Textarea
        id={fieldId}
        name="reason"
        rows={3}
        maxLength={RETURN_REJECTION_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        autoFocus
      />
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-muted-foreground text-xs">
        The customer sees this reason. At most {RETURN_REJECTION_MAX_LENGTH} characters.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Rejecting..." : "Reject return"}
        </Button>
      </div>
    </form>
  );
}

/** Sellable or damaged, for every line: sellable units go back into stock. */
export function ReceiveForm({ details, ...props }: ReturnFormProps & { details: AdminReturnDetails }) {
  const errorId = useId();
  const schema = useMemo(() => receiveFormSchema(details.items.map((item) => item.id)), [details.items]);
  const { error, busy, onChange, onSubmit } = useStepForm(props, schema, (data) =>
    props.action.send(
      "receive",
      Object.fromEntries(
        details.items.map((item) => [
          conditionFieldName(item.id),
          String(data.get(conditionFieldName(item.id)) ?? ""),
        ]),
      ),
    ),
  );
  const { onCancel } = props;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/5 p-4"
      aria-describedby={error ? errorId : undefined}
    >
      <p className="font-medium text-sm">Condition of each item</p>
      <ul className="flex flex-col divide-y">
        {details.items.map((item) => (
          <li key={item.id} className="py-2 first:pt-0 last:pb-0">
            <fieldset className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <legend className="sr-only">
                Condition of {item.productName}, size {item.size}
              </legend>
              <span className="min-w-0 text-sm" aria-hidden>
                {item.productName}{" "}
                <span className="text-muted-foreground">
                  · Size {item.size} · Qty {item.quantity}
                </span>
              </span>
              <span className="flex shrink-0 gap-4">
                {RETURN_ITEM_CONDITIONS.map((condition) => (
                  <label key={condition} className="flex h-9 cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={conditionFieldName(item.id)}
                      value={condition}
                      className="size-4 accent-[var(--color-accent)]"
                      aria-invalid={error ? true : undefined}
                    />
                    {CONDITION_LABELS[condition]}
                  </label>
                ))}
              </span>
            </fieldset>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs">Sellable items go back into stock; damaged ones do not.</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Mark received"}
        </Button>
      </div>
    </form>
  );
}
