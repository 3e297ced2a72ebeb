import { SearchXIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogHeading,
  DialogTitle,
} from "~/components/ui/dialog";
import { NoticePanel } from "~/components/ui/notice-panel";
import type { AdminReturnDetails, OpenedReturn } from "../../../../server/returns/return-views";
import { DateTime } from "../admin-date-time";
import { ConfirmStep } from "./return-confirm-step";
import { type ReturnForm, ReturnStepBar } from "./return-step-bar";
import { ReturnSummary } from "./return-summary";
import { ReturnStateBadge } from "./return-table";
import { useReturnAction } from "./use-return-action";

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
      <NoticePanel icon={SearchXIcon} tone="empty" compact>
        <p className="font-medium">{message}</p>
      </NoticePanel>
    </>
  );
}

type Step = "details" | "confirm-refund" | "confirm-exchange";

function Details({ details, hrefFor }: { details: AdminReturnDetails; hrefFor: (id: string) => string }) {
  const [step, setStep] = useState<Step>("details");
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // the reject and receive forms, once opened, and the server's refusal of them
  const [form, setForm] = useState<ReturnForm | null>(null);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const steps = useReturnAction(details.id, (result) => {
    if (result.ok) {
      setStep("details");
      setForm(null);
      setFormError(undefined);
      setConfirmError(null);
    } else if (result.intent === "refund" || result.intent === "exchange") {
      setConfirmError(result.error);
    } else if (result.intent === "reject" || result.intent === "receive" || result.intent === "proof") {
      setFormError(result.error);
    }
  });
  // a form sent again drops the server's last refusal of it
  const action = {
    ...steps,
    send: (...args: Parameters<typeof steps.send>) => {
      setFormError(undefined);
      steps.send(...args);
    },
  };

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

  return (
    <>
      <DialogHeader className="pr-8">
        <DialogTitle className="flex flex-wrap items-center gap-3">
          {details.kind === "withdrawal" ? "Withdrawal" : "Return"}{" "}
          <span className="font-mono">{details.rmaNumber}</span>
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

      <ReturnStepBar
        details={details}
        action={action}
        form={form}
        serverError={formError}
        onOpenForm={(next) => {
          setForm(next);
          setFormError(undefined);
        }}
        onConfirm={(kind) => {
          setConfirmError(null);
          setStep(kind === "refund" ? "confirm-refund" : "confirm-exchange");
        }}
      />

      <ReturnSummary details={details} hrefFor={hrefFor} />
    </>
  );
}
