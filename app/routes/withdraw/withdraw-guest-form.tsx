import type { FormEvent } from "react";
import { Link } from "react-router";
import { Field, FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { useFormError } from "~/lib/use-form-error";
import type { Seller } from "../../../core/seller";
import { withdrawalStatement } from "../../../core/withdrawal";
import type { WithdrawalDraft } from "./withdraw";
import { newRequestKey } from "./withdraw-confirm";

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadGuestWithdrawalSchema = () =>
  import("../../../core/validation/withdrawal-actions").then((module) => module.guestWithdrawalSchema);

/**
 * Signed out: the order number and the e-mail it was placed with identify the contract (and the
 * name, which the statement must carry). Nothing is looked up before the confirmation, and the
 * answer after it is the same whether or not such an order exists.
 */
export function WithdrawGuestForm({
  identity,
  onContinue,
}: {
  identity: { seller: Seller; storeName: string };
  onContinue: (draft: WithdrawalDraft) => void;
}) {
  const { error, onChange, validate } = useFormError(undefined, loadGuestWithdrawalSchema);
  // nothing is posted yet: the confirmation comes first, so the form is checked here, schema or not
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = await validate(new FormData(event.currentTarget));
    if (!typed) return;
    onContinue({
      fields: { intent: "guest", ...typed },
      statement: withdrawalStatement({ ...identity, ...typed, lines: null }),
      requestKey: newRequestKey(),
    });
  }
  return (
    <form noValidate onSubmit={submit} onChange={onChange} className="flex flex-col gap-5">
      <FormError message={error} />
      <Field label="Your name" name="name" autoComplete="name" required />
      <Field label="Order number" name="orderNumber" placeholder="e.g. NOC-12345" required />
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        hint="The address the order was placed with: we send the confirmation there."
      />
      <p className="text-muted-foreground text-sm">
        This withdraws from the whole order. To withdraw from some items only,{" "}
        <Link to="/login?redirectTo=/withdraw" className="text-foreground underline underline-offset-4">
          sign in
        </Link>{" "}
        and choose them.
      </p>
      <Button type="submit" className="self-start">
        Continue
      </Button>
    </form>
  );
}
