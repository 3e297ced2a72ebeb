import type { ReactNode } from "react";
import { useId, useMemo } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Input, Label, Textarea } from "~/components/ui/input";
import { type SchemaLoader, schemaAtHand, useFormError } from "~/lib/use-form-error";
import { variantLabel } from "../../../../core/product";
import { RETURN_ITEM_CONDITIONS, RETURN_REJECTION_MAX_LENGTH } from "../../../../core/returns";
import { conditionFieldName, receiveFormSchema } from "../../../../core/validation/return-actions";
import { proofOfSendingSchema, returnRejectionSchema } from "../../../../core/validation/returns";
import { PROOF_OF_SENDING_MAX_LENGTH } from "../../../../core/withdrawal";
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
 * A step's short form: checked with its schema (the same the use case parses with) and sent
 * through the dialog's fetcher when it passes; the browser's check only spares a round trip. Below
 * the fields: the message, the hint, Back and the step's button.
 */
function StepForm({
  step: { action, serverError, onCancel },
  schema,
  send,
  hint,
  submit,
  children,
}: {
  step: ReturnFormProps;
  schema: SchemaLoader<z.ZodType>;
  send: (data: FormData) => void;
  hint: { text: ReactNode; id?: string };
  submit: { label: string; busyLabel: string; destructive?: boolean };
  /** The fields, told the message and its element's id (for aria-describedby). */
  children: (error: string | null, errorId: string) => ReactNode;
}) {
  const errorId = useId();
  const { error, onChange, onSubmit } = useFormError(serverError, schema, action.fetcher);
  const { busy } = action;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        onSubmit(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        send(new FormData(event.currentTarget));
      }}
      onChange={onChange}
      className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/5 p-4"
      aria-describedby={error && !hint.id ? errorId : undefined}
    >
      {children(error, errorId)}
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : null}
      <p id={hint.id} className="text-muted-foreground text-xs">
        {hint.text}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Back
        </Button>
        <Button type="submit" variant={submit.destructive ? "destructive" : undefined} disabled={busy}>
          {busy ? submit.busyLabel : submit.label}
        </Button>
      </div>
    </form>
  );
}

const loadRejectionSchema = schemaAtHand(returnRejectionSchema);
const loadProofSchema = schemaAtHand(proofOfSendingSchema);

/** The reason is required: the customer reads it. */
export function RejectForm(props: ReturnFormProps) {
  const fieldId = useId();
  const hintId = useId();
  return (
    <StepForm
      step={props}
      schema={loadRejectionSchema}
      send={(data) => props.action.send("reject", { reason: String(data.get("reason") ?? "").trim() })}
      hint={{
        id: hintId,
        text: `The customer sees this reason. At most ${RETURN_REJECTION_MAX_LENGTH} characters.`,
      }}
      submit={{ label: "Reject return", busyLabel: "Rejecting...", destructive: true }}
    >
      {(error, errorId) => (
        <>
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
        </>
      )}
    </StepForm>
  );
}

/** What proves a withdrawal's goods were sent back: the refund follows at once. */
export function ProofForm(props: ReturnFormProps) {
  const fieldId = useId();
  const hintId = useId();
  return (
    <StepForm
      step={props}
      schema={loadProofSchema}
      send={(data) => props.action.send("proof", { proof: String(data.get("proof") ?? "").trim() })}
      hint={{
        id: hintId,
        text: "The refund is made as soon as you save. Mark the goods received when they arrive.",
      }}
      submit={{ label: "Save and refund", busyLabel: "Refunding..." }}
    >
      {(error, errorId) => (
        <>
          <Label htmlFor={fieldId}>Proof of sending (carrier and tracking number)</Label>
          <Input
            id={fieldId}
            name="proof"
            maxLength={PROOF_OF_SENDING_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            autoFocus
          />
        </>
      )}
    </StepForm>
  );
}

/** Sellable or damaged, for every line: sellable units go back into stock. */
export function ReceiveForm({ details, ...props }: ReturnFormProps & { details: AdminReturnDetails }) {
  const schema = useMemo(
    () => schemaAtHand(receiveFormSchema(details.items.map((item) => item.id))),
    [details.items],
  );
  const fields = (data: FormData) =>
    Object.fromEntries(
      details.items.map((item) => [
        conditionFieldName(item.id),
        String(data.get(conditionFieldName(item.id)) ?? ""),
      ]),
    );
  return (
    <StepForm
      step={props}
      schema={schema}
      send={(data) => props.action.send("receive", fields(data))}
      hint={{
        text:
          details.kind === "withdrawal" && details.state === "approved"
            ? "Sellable items go back into stock; damaged ones do not. The withdrawal is refunded as soon as you save."
            : "Sellable items go back into stock; damaged ones do not.",
      }}
      submit={{ label: "Mark received", busyLabel: "Saving..." }}
    >
      {(error) => (
        <>
          <p className="font-medium text-sm">Condition of each item</p>
          <ul className="flex flex-col divide-y">
            {details.items.map((item) => (
              <li key={item.id} className="py-2 first:pt-0 last:pb-0">
                <fieldset className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <legend className="sr-only">
                    Condition of {item.productName}, {variantLabel(item.size, item.color)}
                  </legend>
                  <span className="min-w-0 text-sm" aria-hidden>
                    {item.productName}{" "}
                    <span className="text-muted-foreground">
                      · {variantLabel(item.size, item.color)} · Qty {item.quantity}
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
        </>
      )}
    </StepForm>
  );
}
