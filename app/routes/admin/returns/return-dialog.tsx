import {
  ArrowLeftRightIcon,
  BanknoteIcon,
  CheckIcon,
  PackageCheckIcon,
  SearchXIcon,
  TriangleAlertIcon,
  XIcon,
} from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ProductImage } from "~/components/product-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogHeading,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label, Textarea } from "~/components/ui/input";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { cn } from "~/lib/utils";
import { DetailRow, DetailSection } from "~/routes/admin/detail-section";
import { formatUsd } from "../../../../core/money";
import { capitalize, DELETED_CUSTOMER_LABEL } from "../../../../core/order";
import {
  RETURN_ITEM_CONDITIONS,
  RETURN_REJECTION_MAX_LENGTH,
  RETURN_STATE_LABELS,
  RETURN_TRANSITIONS,
  type ReturnItemCondition,
  returnMessages,
} from "../../../../core/returns";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import { DateTime } from "../admin-date-time";
import { ReturnStateBadge } from "./return-table";

/** What the Returns screen's forms send as `intent`, one per step an admin takes. */
export const RETURN_INTENTS = ["approve", "reject", "receive", "refund", "exchange"] as const;
export type ReturnIntent = (typeof RETURN_INTENTS)[number];

/** The returns route's answer to one of those intents; `message` is the toast. */
export type ReturnActionResult =
  | { intent: ReturnIntent; ok: true; message: string; rmaNumber: string }
  | { intent: ReturnIntent; ok: false; error: string; code: string };

/** Form fields carrying an item's condition are named `condition:<return item id>`. */
export const CONDITION_FIELD_PREFIX = "condition:";

const CONDITION_LABELS: Record<ReturnItemCondition, string> = { sellable: "Sellable", damaged: "Damaged" };

/** What the dialog shows: the return, or why it cannot be shown ("Return not found."). */
export type OpenedReturn = { details: AdminReturnDetails; error: null } | { details: null; error: string };

/** Everything about one return, and the step its state allows (approve, reject, receive, refund, exchange). */
export function ReturnDetailsDialog({
  opened,
  hrefFor,
  onClose,
}: {
  opened: OpenedReturn | null;
  /** The list's URL with another return open (the customer's history links to it). */
  hrefFor: (id: string) => string;
  onClose: () => void;
}) {
  return (
    <Dialog open={opened !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="2xl" className="gap-6!">
        {opened?.details ? (
          // a new return starts without the other's half-filled forms
          <Details key={opened.details.id} details={opened.details} hrefFor={hrefFor} />
        ) : opened ? (
          <NotFound message={opened.error} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <>
      <DialogHeading title="Return not available" description="The link may be old, or mistyped." />
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center"
      >
        <SearchXIcon className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{message}</p>
      </div>
    </>
  );
}

type Step = "details" | "confirm-refund" | "confirm-exchange";

/**
 * One fetcher for the dialog's steps. `send` refuses a second submission while one is under way:
 * a double click lands before React has disabled the button.
 */
function useReturnAction(details: AdminReturnDetails, onAnswer: (result: ReturnActionResult) => void) {
  const fetcher = useFetcher<ReturnActionResult>();
  const inFlight = useRef(false);
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    inFlight.current = false;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
    onAnswer(result);
  });
  return {
    busy,
    pending: busy ? (fetcher.formData?.get("intent") as ReturnIntent | null) : null,
    send(intent: ReturnIntent, fields: Record<string, string> = {}) {
      if (inFlight.current) return;
      inFlight.current = true;
      fetcher.submit({ ...fields, intent, returnId: details.id }, { method: "post" });
    },
  };
}

function Details({ details, hrefFor }: { details: AdminReturnDetails; hrefFor: (id: string) => string }) {
  const [step, setStep] = useState<Step>("details");
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // the reject and receive forms, once opened, and the server's refusal of them
  const [form, setForm] = useState<"reject" | "receive" | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const action = useReturnAction(details, (result) => {
    if (result.ok) {
      setStep("details");
      setForm(null);
      setFormError(null);
      setConfirmError(null);
    } else if (result.intent === "refund" || result.intent === "exchange") {
      setConfirmError(result.error);
    } else if (result.intent === "reject" || result.intent === "receive") {
      setFormError(result.error);
    }
  });

  if (step !== "details") {
    return (
      <ConfirmStep
        details={details}
        kind={step === "confirm-refund" ? "refund" : "exchange"}
        busy={action.busy}
        error={confirmError}
        onBack={() => {
          setStep("details");
          setConfirmError(null);
        }}
        onConfirm={() => action.send(step === "confirm-refund" ? "refund" : "exchange")}
      />
    );
  }

  const refunded = details.refundCents !== null;
  return (
    <>
      <DialogHeader className="pr-8">
        <DialogTitle className="flex flex-wrap items-center gap-3">
          Return <span className="font-mono">{details.rmaNumber}</span>
          <ReturnStateBadge state={details.state} />
        </DialogTitle>
        <DialogDescription>
          Requested <DateTime iso={details.createdAt} />
        </DialogDescription>
      </DialogHeader>

      {details.refundError ? (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <p className="min-w-0 break-words">Last refund attempt failed: {details.refundError}</p>
        </div>
      ) : null}

      <ReturnActions
        details={details}
        busy={action.busy}
        pending={action.pending}
        form={form}
        formError={formError}
        onOpenForm={(next) => {
          setForm(next);
          setFormError(null);
        }}
        onFormError={setFormError}
        onSend={action.send}
        onConfirm={(kind) => {
          setConfirmError(null);
          setStep(kind === "refund" ? "confirm-refund" : "confirm-exchange");
        }}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <DetailSection title="Return">
          <dl>
            <DetailRow label="State">
              <ReturnStateBadge state={details.state} />
            </DetailRow>
            <DetailRow label="Order">
              <Link
                to={`/admin/orders?q=${encodeURIComponent(details.orderNumber)}`}
                className="font-mono underline-offset-4 hover:underline"
              >
                {details.orderNumber}
              </Link>
            </DetailRow>
            <DetailRow label="Resolution">{capitalize(details.resolution)}</DetailRow>
            <DetailRow label="Reason">{details.reasonLabel}</DetailRow>
            {refunded ? (
              <>
                <DetailRow label="Refunded">
                  <span className="font-semibold tabular-nums">{formatUsd(details.refundCents ?? 0)}</span>
                </DetailRow>
                {details.refundTaxCents !== null ? (
                  <DetailRow label="VAT given back">
                    <span className="tabular-nums">{formatUsd(details.refundTaxCents)}</span>
                  </DetailRow>
                ) : null}
              </>
            ) : details.refundPreviewCents !== null && details.resolution === "refund" ? (
              <DetailRow label="To refund">
                <span className="tabular-nums">{formatUsd(details.refundPreviewCents)}</span>
              </DetailRow>
            ) : null}
            {details.replacementOrderNumber ? (
              <DetailRow label="Replacement order">
                <Link
                  to={`/admin/orders?q=${encodeURIComponent(details.replacementOrderNumber)}`}
                  className="font-mono underline-offset-4 hover:underline"
                >
                  {details.replacementOrderNumber}
                </Link>
              </DetailRow>
            ) : null}
          </dl>
        </DetailSection>

        <DetailSection title="Customer">
          <dl>
            <DetailRow label="Email">
              {details.customerEmail ? (
                <a href={`mailto:${details.customerEmail}`} className="underline-offset-4 hover:underline">
                  {details.customerEmail}
                </a>
              ) : (
                <span className="text-muted-foreground">{DELETED_CUSTOMER_LABEL}</span>
              )}
            </DetailRow>
            {details.customerName ? <DetailRow label="Name">{details.customerName}</DetailRow> : null}
            <DetailRow label="Paid orders">
              <span className="tabular-nums">{details.customerOrderCount}</span>
            </DetailRow>
            <DetailRow label="Other returns">
              <span className="tabular-nums">{details.history.length}</span>
            </DetailRow>
          </dl>
        </DetailSection>
      </div>

      {details.comment || details.rejectionReason ? (
        <DetailSection title="Notes">
          {details.comment ? (
            <div>
              <h4 className="mb-1 text-muted-foreground text-xs">Customer's comment</h4>
              <p className="whitespace-pre-line break-words text-sm">{details.comment}</p>
            </div>
          ) : null}
          {details.rejectionReason ? (
            <div className={cn(details.comment && "mt-3 border-t pt-3")}>
              <h4 className="mb-1 text-muted-foreground text-xs">Rejection reason (shown to the customer)</h4>
              <p className="whitespace-pre-line break-words text-sm">{details.rejectionReason}</p>
            </div>
          ) : null}
        </DetailSection>
      ) : null}

      <DetailSection title={`Items (${details.items.reduce((sum, item) => sum + item.quantity, 0)})`}>
        <ul className="divide-y">
          {details.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <ProductImage
                image={item.image}
                alt={item.productName}
                sizes="48px"
                className="w-12 shrink-0 rounded-md"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{item.productName}</p>
                <p className="text-muted-foreground text-xs tabular-nums">
                  Size {item.size} · Qty {item.quantity}
                  {item.exchangeSize ? ` · Exchange for size ${item.exchangeSize}` : null}
                </p>
              </div>
              {item.condition ? <ConditionBadge condition={item.condition} /> : null}
            </li>
          ))}
        </ul>
      </DetailSection>

      <DetailSection title="Timeline">
        <ol className="flex flex-col gap-3">
          {details.events.map((event, index) => (
            // events have no id of their own; their order never changes
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex gap-3 text-sm">
              <span
                className={cn(
                  "mt-1.5 size-2 shrink-0 rounded-full",
                  index === details.events.length - 1 ? "bg-accent" : "bg-muted-foreground/50",
                )}
                aria-hidden
              />
              <div className="min-w-0">
                <p>
                  <span className="font-medium">{RETURN_STATE_LABELS[event.state]}</span>
                  <span className="text-muted-foreground">
                    {" · "}
                    <DateTime iso={event.at} />
                    {" · "}
                    {event.actorEmail ?? (event.actorRole === "customer" ? "Customer" : "Admin")}
                  </span>
                </p>
                {event.note ? (
                  <p className="whitespace-pre-line break-words text-muted-foreground text-xs">
                    {event.note}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </DetailSection>

      <DetailSection title="Customer's other returns">
        {details.history.length === 0 ? (
          <p className="text-muted-foreground text-sm">No other returns.</p>
        ) : (
          <ul className="divide-y">
            {details.history.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link
                  to={hrefFor(other.id)}
                  preventScrollReset
                  className="font-mono underline-offset-4 hover:underline"
                >
                  {other.rmaNumber}
                </Link>
                <span className="font-mono text-muted-foreground text-xs">{other.orderNumber}</span>
                <ReturnStateBadge state={other.state} />
                <DateTime iso={other.createdAt} className="text-muted-foreground text-xs" />
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </>
  );
}

function ConditionBadge({ condition }: { condition: ReturnItemCondition }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        "shrink-0",
        condition === "sellable"
          ? "border-emerald-500/40 text-emerald-300"
          : "border-red-500/40 text-red-300",
      )}
    >
      {CONDITION_LABELS[condition]}
    </Badge>
  );
}

/** The step this return's state allows, as buttons; reject and receive open a short form first. */
function ReturnActions({
  details,
  busy,
  pending,
  form,
  formError,
  onOpenForm,
  onFormError,
  onSend,
  onConfirm,
}: {
  details: AdminReturnDetails;
  busy: boolean;
  pending: ReturnIntent | null;
  form: "reject" | "receive" | null;
  formError: string | null;
  onOpenForm: (form: "reject" | "receive" | null) => void;
  onFormError: (message: string | null) => void;
  onSend: (intent: ReturnIntent, fields?: Record<string, string>) => void;
  onConfirm: (kind: "refund" | "exchange") => void;
}) {
  const { state, resolution } = details;
  // the buttons follow the rules the server enforces (core/returns.ts)
  const next = RETURN_TRANSITIONS[state];
  if (next.includes("approved")) {
    if (form === "reject")
      return (
        <RejectForm
          busy={busy}
          error={formError}
          onError={onFormError}
          onCancel={() => onOpenForm(null)}
          onSend={onSend}
        />
      );
    return (
      <ActionBar hint="Check the request, then approve it or say why not.">
        <Button variant="outline" disabled={busy} onClick={() => onOpenForm("reject")}>
          <XIcon aria-hidden /> Reject
        </Button>
        <Button disabled={busy} onClick={() => onSend("approve")}>
          <CheckIcon aria-hidden /> {pending === "approve" ? "Approving..." : "Approve"}
        </Button>
      </ActionBar>
    );
  }
  if (next.includes("received")) {
    if (form === "receive")
      return (
        <ReceiveForm
          details={details}
          busy={busy}
          error={formError}
          onError={onFormError}
          onCancel={() => onOpenForm(null)}
          onSend={onSend}
        />
      );
    return (
      <ActionBar hint="When the parcel arrives, check each item and mark the return received.">
        <Button disabled={busy} onClick={() => onOpenForm("receive")}>
          <PackageCheckIcon aria-hidden /> Mark received
        </Button>
      </ActionBar>
    );
  }
  if (next.includes("refunded") && resolution === "refund") {
    return (
      <ActionBar
        hint={
          details.refundPreviewCents !== null
            ? `Refund will give back ${formatUsd(details.refundPreviewCents)}.`
            : "Refund the returned items to the customer."
        }
      >
        <Button disabled={busy} onClick={() => onConfirm("refund")}>
          <BanknoteIcon aria-hidden /> {details.refundError ? "Retry refund" : "Refund"}
        </Button>
      </ActionBar>
    );
  }
  if (next.includes("exchanged") && resolution === "exchange") {
    return (
      <ActionBar hint="Send the customer the sizes they asked for, in a new order at no charge.">
        <Button disabled={busy} onClick={() => onConfirm("exchange")}>
          <ArrowLeftRightIcon aria-hidden /> Exchange
        </Button>
      </ActionBar>
    );
  }
  return null;
}

function ActionBar({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="return-actions"
    >
      <p className="text-sm">{hint}</p>
      <div className="flex shrink-0 flex-col-reverse gap-2 sm:flex-row">{children}</div>
    </div>
  );
}

/** The reason is required: the customer reads it. */
function RejectForm({
  busy,
  error,
  onError,
  onCancel,
  onSend,
}: {
  busy: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onCancel: () => void;
  onSend: (intent: ReturnIntent, fields?: Record<string, string>) => void;
}) {
  const fieldId = useId();
  const errorId = useId();
  const hintId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    // the server checks the same; this spares a round trip
    if (!reason) return onError(returnMessages.rejectionRequired);
    if (reason.length > RETURN_REJECTION_MAX_LENGTH) return onError(returnMessages.rejectionTooLong);
    onError(null);
    onSend("reject", { reason });
  }
  return (
    <form
      noValidate
      onSubmit={submit}
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
function ReceiveForm({
  details,
  busy,
  error,
  onError,
  onCancel,
  onSend,
}: {
  details: AdminReturnDetails;
  busy: boolean;
  error: string | null;
  onError: (message: string | null) => void;
  onCancel: () => void;
  onSend: (intent: ReturnIntent, fields?: Record<string, string>) => void;
}) {
  const errorId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const item of details.items) {
      const name = `${CONDITION_FIELD_PREFIX}${item.id}`;
      const value = data.get(name);
      if (typeof value !== "string" || !value) return onError(returnMessages.conditionRequired);
      fields[name] = value;
    }
    onError(null);
    onSend("receive", fields);
  }
  return (
    <form
      noValidate
      onSubmit={submit}
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
                      name={`${CONDITION_FIELD_PREFIX}${item.id}`}
                      value={condition}
                      className="size-4 accent-[var(--color-accent)]"
                      aria-invalid={error ? true : undefined}
                      onChange={() => onError(null)}
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

/** The confirmation before money or goods leave: what will happen, and a way back. */
function ConfirmStep({
  details,
  kind,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  details: AdminReturnDetails;
  kind: "refund" | "exchange";
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const amount = details.refundPreviewCents !== null ? formatUsd(details.refundPreviewCents) : null;
  const exchanged = details.items.filter((item) => item.exchangeSize);
  return (
    <>
      {kind === "refund" ? (
        <DialogHeading
          title={amount ? `Refund ${amount} to the customer?` : "Refund the customer?"}
          description={`Return ${details.rmaNumber}, order ${details.orderNumber}.`}
        />
      ) : (
        <DialogHeading
          title="Send the replacement order?"
          description={`Return ${details.rmaNumber}, order ${details.orderNumber}.`}
        />
      )}
      <ul className="flex list-disc flex-col gap-2 rounded-lg border bg-card/40 p-4 pl-8 text-sm">
        {kind === "refund" ? (
          <>
            <li>
              {amount ? (
                <>
                  <strong className="tabular-nums">{amount}</strong> goes back to
                </>
              ) : (
                "The returned items are refunded to"
              )}{" "}
              the customer's original payment method.
            </li>
            <li>The customer is e-mailed that the refund is on its way.</li>
          </>
        ) : (
          <>
            {exchanged.map((item) => (
              <li key={item.id}>
                {item.productName}: size {item.size} → size {item.exchangeSize} × {item.quantity}
              </li>
            ))}
            <li>A new order at no charge ships the replacement sizes.</li>
          </>
        )}
      </ul>
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="button" onClick={onConfirm} disabled={busy}>
          {kind === "refund"
            ? busy
              ? "Refunding..."
              : amount
                ? `Refund ${amount}`
                : "Refund"
            : busy
              ? "Creating order..."
              : "Create replacement order"}
        </Button>
      </div>
    </>
  );
}
