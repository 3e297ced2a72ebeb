import {
  ArrowLeftRightIcon,
  BanknoteIcon,
  CheckIcon,
  PackageCheckIcon,
  ReceiptTextIcon,
  XIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { useMoney } from "~/lib/money";
import { RETURN_TRANSITIONS } from "../../../../core/returns";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import { ProofForm, ReceiveForm, RejectForm, type ReturnFormProps } from "./return-step-forms";
import type { ReturnAction } from "./use-return-action";

export type ReturnForm = "reject" | "receive" | "proof";

/** The step this return's state allows, as buttons; reject and receive open a short form first. */
export function ReturnStepBar({
  details,
  action,
  form,
  serverError,
  onOpenForm,
  onConfirm,
}: {
  details: AdminReturnDetails;
  action: ReturnAction;
  form: ReturnForm | null;
  /** The server's refusal of the open form. */
  serverError: string | undefined;
  onOpenForm: (form: ReturnForm | null) => void;
  onConfirm: (kind: "refund" | "exchange") => void;
}) {
  const { state, resolution } = details;
  const money = useMoney(details.currency);
  const { busy, pending, send: onSend } = action;
  const formProps = { action, serverError, onCancel: () => onOpenForm(null) };
  // the buttons follow the rules the server enforces (core/returns.ts)
  const next = RETURN_TRANSITIONS[state];
  if (details.kind === "withdrawal") {
    const bar = withdrawalBar({ details, busy, form, formProps, onOpenForm, onConfirm });
    if (bar !== undefined) return bar;
  }
  if (next.includes("approved")) {
    if (form === "reject") return <RejectForm {...formProps} />;
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
    if (form === "receive") return <ReceiveForm details={details} {...formProps} />;
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
            ? `Refund will give back ${money(details.refundPreviewCents)}.`
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

/**
 * A withdrawal's steps (no Reject): before the goods are back, Mark received or Proof of sending,
 * each refunding at once; a refund that failed after the proof, Retry refund; goods that arrive
 * after a refund on proof, Mark received. undefined: the common steps apply (a failed refund after
 * receipt retries as any return's).
 */
function withdrawalBar({
  details,
  busy,
  form,
  formProps,
  onOpenForm,
  onConfirm,
}: {
  details: AdminReturnDetails;
  busy: boolean;
  form: ReturnForm | null;
  formProps: Omit<ReturnFormProps, "action"> & { action: ReturnAction };
  onOpenForm: (form: ReturnForm | null) => void;
  onConfirm: (kind: "refund") => void;
}): ReactNode | undefined {
  const arrived = details.items.every((item) => item.condition !== null);
  if (form === "receive") return <ReceiveForm details={details} {...formProps} />;
  if (form === "proof") return <ProofForm {...formProps} />;
  const receive = (
    <Button disabled={busy} onClick={() => onOpenForm("receive")}>
      <PackageCheckIcon aria-hidden /> Mark received
    </Button>
  );
  if (details.state === "approved" && details.proofOfSending) {
    return (
      <ActionBar hint="The customer proved the sending, but the refund failed.">
        <Button disabled={busy} onClick={() => onConfirm("refund")}>
          <BanknoteIcon aria-hidden /> Retry refund
        </Button>
      </ActionBar>
    );
  }
  if (details.state === "approved") {
    return (
      <ActionBar hint="A withdrawal cannot be rejected. Refund it when the goods arrive or the customer proves they sent them.">
        <Button variant="outline" disabled={busy} onClick={() => onOpenForm("proof")}>
          <ReceiptTextIcon aria-hidden /> Proof of sending
        </Button>
        {receive}
      </ActionBar>
    );
  }
  if (details.state === "refunded" && !arrived) {
    return (
      <ActionBar hint="Refunded on proof of sending. Mark the goods received when they arrive.">
        {receive}
      </ActionBar>
    );
  }
  return undefined;
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
