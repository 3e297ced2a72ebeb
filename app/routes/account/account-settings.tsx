import { DownloadIcon, LockIcon, LogOutIcon, Trash2Icon } from "lucide-react";
import { useRef, useState } from "react";
import { data, Form, useFetcher } from "react-router";
import { FormError, PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useFormError } from "~/lib/use-form-error";
import { DeleteAccountDialog } from "~/routes/account/delete-account-dialog";
import { settingsActions } from "../../../core/validation/account-actions";
import { accountDeletionSchema, accountPrivacyMessages } from "../../../core/validation/account-privacy";
import { authMessages, passwordChangeSchema } from "../../../core/validation/auth";
import { changePassword } from "../../../server/auth/change-password";
import { requireUser } from "../../../server/auth/guards";
import { redirectWithToast } from "../../../server/http/flash";
import { runAction } from "../../../server/http/run-action";
import { deleteAccount } from "../../../server/privacy/delete-account";
import type { Route } from "./+types/account-settings";

/** The Settings tab: the password, the customer's data (download, deletion), and Sign Out. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const session = requireUser(context, url);
  return runAction(context, await request.formData(), settingsActions, {
    password: {
      fallback: authMessages.unexpected,
      what: "password change failed",
      run: async ({ intent, currentPassword, newPassword, confirmPassword }) => {
        const headers = await changePassword({
          ...context,
          session,
          headers: request.headers,
          currentPassword,
          newPassword,
          confirmPassword,
        });
        // the other sessions are gone; this browser gets a fresh session cookie
        return data({ intent, ok: true as const }, { headers });
      },
    },
    "delete-account": {
      fallback: accountPrivacyMessages.deleteFailed,
      what: "account deletion failed",
      details: { userId: session.user.id },
      run: async ({ password }) => {
        const { headers } = await deleteAccount({ ...context, headers: request.headers, session, password });
        // every session is gone; this browser's cookie is cleared and the toast waits on the home page
        return redirectWithToast(
          context,
          "/",
          { kind: "success", text: accountPrivacyMessages.deleted },
          headers,
        );
      },
    },
  });
}

export default function AccountSettings() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "password" ? fetcher.data : undefined;
  const { error, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    passwordChangeSchema,
  );
  const formKey = result?.ok ? "saved" : "editing";
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent === "password" && answer.ok) toast.success("Password updated successfully");
  });
  return (
    <div className="grid max-w-xl gap-6">
      <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-6 flex items-center gap-2 font-semibold text-xl">
          <LockIcon className="size-5 text-accent" aria-hidden /> Change Password
        </h2>
        <FormError message={error} />
        {/* a new key empties the fields after a successful change */}
        <fetcher.Form
          key={formKey}
          method="post"
          className="flex flex-col gap-5"
          onSubmit={onSubmit}
          onChange={onChange}
          noValidate
        >
          <input type="hidden" name="intent" value="password" />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            required
          />
          <PasswordField label="New Password" name="newPassword" autoComplete="new-password" required />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            required
          />
          <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Updating..." : "Update Password"}
          </Button>
        </fetcher.Form>
      </section>
      <YourDataSection />
      <DeleteAccountSection />
      <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="signout-heading">
        <h2 id="signout-heading" className="mb-2 font-semibold text-xl">
          Sign Out
        </h2>
        <p className="mb-5 text-muted-foreground text-sm">Sign out of your account on this device.</p>
        <Form method="post" action="/logout">
          {/* an everyday action, not a destructive one: only "Delete my account" is red */}
          <Button type="submit" variant="outline">
            <LogOutIcon /> Sign Out
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** "Download my data" (GDPR articles 15 and 20): posted as a document, so the answer is saved as a file. */
function YourDataSection() {
  return (
    <section className="rounded-xl border bg-card/60 p-6" aria-labelledby="data-heading">
      <h2 id="data-heading" className="mb-2 flex items-center gap-2 font-semibold text-xl">
        <DownloadIcon className="size-5 text-accent" aria-hidden /> Your Data
      </h2>
      <p className="mb-5 text-muted-foreground text-sm">
        A copy of everything we hold about you: your profile, saved address, orders with their receipts, VAT
        and refunds, and any returns, as a JSON file you can keep or take to another service.
      </p>
      <Form method="post" action="/account/data-export" reloadDocument>
        <Button type="submit" variant="outline">
          <DownloadIcon /> Download my data
        </Button>
      </Form>
    </section>
  );
}

/**
 * "Delete my account" (GDPR article 17): the password, then a confirmation naming what is erased and
 * what is kept, and only then the post; the server decides.
 */
function DeleteAccountSection() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data?.intent === "delete-account" ? fetcher.data : undefined;
  const { error, invalidField, onSubmit, onChange } = useFormError(
    result && !result.ok ? result.error : undefined,
    accountDeletionSchema,
  );
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  // a refusal (a wrong password, an order in progress) closes the confirmation and is shown in the
  // box above the form; a deletion redirects home
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent === "delete-account") setConfirming(false);
  });
  return (
    <section
      className="rounded-xl border border-destructive/40 bg-card/60 p-6"
      aria-labelledby="delete-account-heading"
    >
      <h2 id="delete-account-heading" className="mb-2 flex items-center gap-2 font-semibold text-xl">
        <Trash2Icon className="size-5 text-destructive" aria-hidden /> Delete Account
      </h2>
      <div className="mb-5 space-y-2 text-muted-foreground text-sm">
        <p>
          This deletes your profile, saved address and sign-in details, and signs you out on every device. It
          cannot be undone.
        </p>
        <p>
          The records of your orders and their receipts are kept, no longer linked to you, for as long as tax
          law requires. While an order is awaiting payment, on its way or has a return in progress, your
          account cannot be deleted yet.
        </p>
      </div>
      <FormError id="delete-account-error" message={error} />
      <fetcher.Form
        ref={form}
        method="post"
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // the form's own check first (the password is required), then the question
          onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          setConfirming(true);
        }}
        onChange={onChange}
        noValidate
      >
        <input type="hidden" name="intent" value="delete-account" />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={invalidField === "password" || undefined}
          aria-describedby={error ? "delete-account-error" : undefined}
        />
        <Button ref={submit} type="submit" variant="destructive" className="self-start" disabled={busy}>
          <Trash2Icon /> {busy ? "Deleting..." : "Delete my account"}
        </Button>
      </fetcher.Form>
      <DeleteAccountDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={busy}
        onConfirm={() => form.current && fetcher.submit(form.current, { method: "post" })}
        opener={submit}
      />
    </section>
  );
}
