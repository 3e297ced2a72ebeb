import { LockIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/**
 * The test checkout's delayed method: a SEPA Direct Debit from the test IBAN. Like Stripe's, the
 * page completes at once and the bank answers later (the test bank page: test-bank-panel.tsx).
 */
export function TestDebitForm(props: {
  storeName: string;
  amount: string;
  cancelUrl: string;
  paying: boolean;
}) {
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="sepa_debit" />
      <div className="grid gap-2">
        <Label htmlFor="iban">IBAN</Label>
        <Input
          id="iban"
          name="iban"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="DE89 3704 0044 0532 0130 00"
          required
        />
      </div>
      <label className="flex items-start gap-3 text-muted-foreground text-xs leading-relaxed">
        <input type="checkbox" name="mandate" className="mt-0.5 size-4 accent-current" required />
        <span>
          I authorise {props.storeName} to debit {props.amount} from this account by SEPA Direct Debit, and my
          bank to pay it. The payment is confirmed by the bank within a few business days.
        </span>
      </label>
      <p className="text-muted-foreground text-xs">
        Test IBAN: DE89 3704 0044 0532 0130 00. The payment stays processing until you settle or fail it on
        the test bank page.
      </p>
      <Button type="submit" size="lg" disabled={props.paying}>
        <LockIcon /> {props.paying ? "Processing..." : `Pay ${props.amount} by debit`}
      </Button>
      <Button asChild variant="ghost">
        <a href={props.cancelUrl}>Cancel</a>
      </Button>
    </Form>
  );
}
