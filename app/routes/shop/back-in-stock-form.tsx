import { BellIcon, MailCheckIcon } from "lucide-react";
import { useId } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { Field, FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { schemaAtHand, useFormError } from "~/lib/use-form-error";
import type { SizeView } from "../../../core/product";
import { backInStockEmailSchema } from "../../../core/validation/back-in-stock";
import type { action } from "./back-in-stock";

// this form is itself fetched when a sold-out size is chosen (product.tsx), zod with it: its schemas
// are at hand
const loadSignedOutSchema = schemaAtHand(backInStockEmailSchema());
// signed in, the account's address is used: nothing to check in the browser
const loadSignedInSchema = schemaAtHand(z.object({}));

/**
 * "Notify me when it's back" under a sold-out size (docs/BACK-IN-STOCK.md). Signed out: an e-mail
 * address, confirmed by a link we mail to it; signed in: one press, with the account's address.
 * Posted to /back-in-stock through a fetcher, so the product page itself stays cacheable. Give it
 * `key={size.id}`: another size starts afresh.
 */
export function BackInStockForm({ size }: { size: Pick<SizeView, "id" | "label"> }) {
  const id = useId();
  const user = useRouteLoaderData<{ user: { email: string } | null }>("root")?.user ?? null;
  const fetcher = useFetcher<typeof action>();
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const { error, invalidField, submitting, onSubmit, onChange } = useFormError(
    refusal,
    user ? loadSignedInSchema : loadSignedOutSchema,
    fetcher,
  );
  const answer = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.message : null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-xl border bg-card/60 p-5"
      data-testid="back-in-stock"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <BellIcon className="size-4 text-accent" aria-hidden />
        Size {size.label} is sold out
      </h2>
      {/* present before the answer, so that screen readers announce it when it comes */}
      <output aria-live="polite" className="block text-sm empty:hidden">
        {answer && (
          <span className="flex items-start gap-2.5">
            <MailCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {answer}
          </span>
        )}
      </output>
      {answer ? null : (
        <fetcher.Form
          method="post"
          action="/back-in-stock"
          noValidate
          onSubmit={onSubmit}
          onChange={onChange}
          className="flex flex-col gap-3"
        >
          <FormError message={error} />
          <input type="hidden" name="intent" value="notify" />
          <input type="hidden" name="variantId" value={size.id} />
          {user ? (
            <p className="text-muted-foreground text-sm">
              We will e-mail <span className="text-foreground">{user.email}</span> once when it is back.
            </p>
          ) : (
            <Field
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={invalidField === "email" || undefined}
              hint="We send you a link to confirm, then one e-mail when this size is back. Nothing else."
            />
          )}
          <Button type="submit" variant="outline" className="self-start" disabled={submitting}>
            <BellIcon /> {submitting ? "Sending..." : "Notify Me When It's Back"}
          </Button>
        </fetcher.Form>
      )}
    </section>
  );
}
