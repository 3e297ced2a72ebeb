import { CircleCheckIcon, TriangleAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useDateFormat } from "~/lib/date-format";
import type { WithdrawalResult } from "../../../server/withdrawals/withdraw-from-contract";
import type { WithdrawalDraft } from "./withdraw";

/** A fresh key for one confirmation (crypto.randomUUID is missing outside secure contexts). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The statement in a box, line by line, as it is sent and recorded. */
function Statement({ text }: { text: string }) {
  return (
    <p
      className="whitespace-pre-line break-words rounded-xl border bg-card/60 p-5 text-sm leading-relaxed"
      data-testid="withdrawal-statement"
    >
      {text}
    </p>
  );
}

/** The separate confirmation step: the statement exactly as it will be sent, then "Confirm withdrawal". */
export function WithdrawConfirm({
  draft,
  busy,
  error,
  onBack,
  onConfirm,
}: {
  draft: WithdrawalDraft;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-4">
      <h2 id="statement-heading" className="font-semibold text-lg">
        Your withdrawal statement
      </h2>
      <p className="text-muted-foreground text-sm">
        This is what we will receive. We confirm its receipt by e-mail, with the date and time.
      </p>
      <Statement text={draft.statement} />
      {error ? (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="button" onClick={onConfirm} disabled={busy}>
          {busy ? "Sending..." : "Confirm withdrawal"}
        </Button>
      </div>
    </section>
  );
}

/** After the confirmation: what was received and what happens next (signed out: the same answer always). */
export function WithdrawDone({ answer }: { answer: { message: string; result: WithdrawalResult | null } }) {
  const dates = useDateFormat();
  const { result } = answer;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header className="flex items-start gap-3">
        <CircleCheckIcon className="mt-1 size-7 shrink-0 text-emerald-400" aria-hidden />
        <div>
          <h1 className="font-bold text-3xl">Withdrawal received</h1>
          {result ? (
            <p className="mt-2 text-muted-foreground">
              Received on {dates.dateTime(result.receivedAt)}. A confirmation is on its way to your e-mail.
            </p>
          ) : null}
        </div>
      </header>
      <output className="block rounded-xl border border-emerald-400/30 bg-emerald-400/5 p-5 leading-relaxed">
        {answer.message}
      </output>
      {result ? <Statement text={result.statement} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {result ? (
          <Button asChild>
            <Link to="/account/orders">View My Orders</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/products">Continue shopping</Link>
        </Button>
      </div>
    </div>
  );
}
