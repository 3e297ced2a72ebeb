import { CheckCircle2Icon, CircleXIcon, LandmarkIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * The test bank: a completed test debit's page answers for the customer's bank. While the debit is
 * processing it settles or fails it (test checkout only; the store runs the same path as Stripe's
 * async_payment_succeeded / _failed webhooks); afterwards it says what the bank answered.
 */
export function TestBankPanel(props: {
  outcome: "processing" | "succeeded" | "failed";
  ibanLast4: string | null;
  amount: string;
  error?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const account = props.ibanLast4 ? ` from the account ending ${props.ibanLast4}` : "";
  return (
    <section aria-labelledby="bank-heading" className="rounded-xl border bg-card/60 p-6">
      <h2 id="bank-heading" className="flex items-center gap-2 font-semibold text-lg">
        <LandmarkIcon className="size-5 text-accent" aria-hidden /> Test bank
      </h2>
      {props.error && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          {props.error}
        </p>
      )}
      {props.outcome === "processing" ? (
        <div className="mt-4 grid gap-4">
          <p data-testid="bank-status">
            SEPA Direct Debit of {props.amount}
            {account}: processing. A real bank answers within a few business days; here you decide.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="settle" disabled={busy}>
              <CheckCircle2Icon /> Settle payment
            </Button>
            <Button type="submit" name="intent" value="fail" variant="outline" disabled={busy}>
              <CircleXIcon /> Fail payment
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-4 grid gap-4">
          <output className="block" data-testid="bank-status">
            {props.outcome === "succeeded"
              ? `The bank settled the debit of ${props.amount}${account}.`
              : `The bank refused the debit of ${props.amount}${account}. Nothing was taken.`}
          </output>
          <Button asChild variant="outline">
            <Link to="/account/orders">My Orders</Link>
          </Button>
        </div>
      )}
    </section>
  );
}
