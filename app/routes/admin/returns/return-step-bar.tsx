import { ArrowLeftRightIcon, BanknoteIcon, CheckIcon, PackageCheckIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { formatUsd } from "../../../../core/money";
import { RETURN_TRANSITIONS } from "../../../../core/returns";
import type { AdminReturnDetails } from "../../../../server/returns/return-views";
import { ReceiveForm, RejectForm } from "./return-step-forms";
import type { ReturnAction } from "./use-return-action";

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
  form: "reject" | "receive" | null;
  /** The server's refusal of the open form. */
  serverError: string | undefined;
  onOpenForm: (form: "reject" | "receive" | null) => void;
  onConfirm: (kind: "refund" | "exchange") => void;
}) {
  const { state, resolution } = details;
  const { busy, pending, send: onSend } = action;
  const formProps = { action, serverError, onCancel: () => onOpenForm(null) };
  // the buttons follow the rules the server enforces (core/returns.ts)
  const next = RETURN_TRANSITIONS[state];
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
