import { DownloadIcon, LockIcon, LogOutIcon, Trash2Icon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { data, Form, useFetcher } from "react-router";
import { PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { useIntentFormError } from "~/lib/use-form-error";
import { AccountSection, IntentForm } from "~/routes/account/account-section";
import { accountPrivacyMessages } from "../../../core/account-privacy";
import { authMessages } from "../../../core/auth";
import { settingsActions } from "../../../core/validation/account-actions";
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

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadPasswordChangeSchema = () =>
  import("../../../core/validation/auth").then((module) => module.passwordChangeSchema);
const loadAccountDeletionSchema = () =>
  import("../../../core/validation/account-privacy").then((module) => module.accountDeletionSchema);

export default function AccountSettings() {
  const fetcher = useFetcher<typeof action>();
  const { error, result, ...check } = useIntentFormError(fetcher, "password", loadPasswordChangeSchema);
  // a new key empties the fields after a successful change
  const formKey = result?.ok ? "saved" : "editing";
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent === "password" && answer.ok) toast.success("Password updated successfully");
  });
  return (
    <div className="grid max-w-xl gap-6">
      <AccountSection id="password" title="Change Password" icon={LockIcon}>
        <IntentForm key={formKey} fetcher={fetcher} intent="password" check={check} error={error}>
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
          <Button type="submit" className="self-start" disabled={check.submitting}>
            {check.submitting ? "Updating..." : "Update Password"}
          </Button>
        </IntentForm>
      </AccountSection>
      <AccountSection
        id="data"
        title="Your Data"
        icon={DownloadIcon}
        intro={
          <p>
            A copy of everything we hold about you: your profile, saved address, orders with their receipts,
            VAT and refunds, and any returns, as a JSON file you can keep or take to another service.
          </p>
        }
      >
        {/* "Download my data" (GDPR articles 15 and 20): posted as a document, so the answer is saved as a file */}
        <Form method="post" action="/account/data-export" reloadDocument>
          <Button type="submit" variant="outline">
            <DownloadIcon /> Download my data
          </Button>
        </Form>
      </AccountSection>
      <DeleteAccountSection />
      <AccountSection id="signout" title="Sign Out" intro={<p>Sign out of your account on this device.</p>}>
        <Form method="post" action="/logout">
          {/* an everyday action, not a destructive one: only "Delete my account" is red */}
          <Button type="submit" variant="outline">
            <LogOutIcon /> Sign Out
          </Button>
        </Form>
      </AccountSection>
    </div>
  );
}

// the confirmation (Radix Dialog) loads when it is first asked for, not with Settings
// (docs/PERFORMANCE.md#first-load-javascript)
const loadDeleteAccountDialog = () => import("~/routes/account/delete-account-dialog");
const DeleteAccountDialog = lazy(() =>
  loadDeleteAccountDialog().then((module) => ({ default: module.DeleteAccountDialog })),
);

/**
 * "Delete my account" (GDPR article 17): the password, then a confirmation naming what is erased and
 * what is kept, and only then the post; the server decides.
 */
function DeleteAccountSection() {
  const fetcher = useFetcher<typeof action>();
  const {
    error,
    invalidField,
    result: _,
    ...check
  } = useIntentFormError(fetcher, "delete-account", loadAccountDeletionSchema);
  const form = useRef<HTMLFormElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  // mounted on first use and kept, so the confirmation closes as it opened (focus, animation)
  const [asked, setAsked] = useState(false);
  // a refusal (a wrong password, an order in progress) closes the confirmation and is shown in the
  // box above the form; a deletion redirects home
  useFetcherResult(fetcher, (answer) => {
    if (answer.intent === "delete-account") setConfirming(false);
  });
  return (
    <AccountSection
      id="delete-account"
      title="Delete Account"
      icon={Trash2Icon}
      destructive
      intro={
        <>
          <p>
            This deletes your profile, saved address and sign-in details, and signs you out on every device.
            It cannot be undone.
          </p>
          <p>
            The records of your orders and their receipts are kept, no longer linked to you, for as long as
            tax law requires. While an order is awaiting payment, on its way or has a return in progress, your
            account cannot be deleted yet.
          </p>
        </>
      }
    >
      <IntentForm
        ref={form}
        fetcher={fetcher}
        intent="delete-account"
        error={error}
        errorId="delete-account-error"
        check={{
          onChange: check.onChange,
          onSubmit: (event) => {
            // the form's own check first (the password is required), then the question
            check.onSubmit(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            setAsked(true);
            setConfirming(true);
          },
        }}
      >
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={invalidField === "password" || undefined}
          aria-describedby={error ? "delete-account-error" : undefined}
        />
        <Button
          ref={submit}
          type="submit"
          variant="destructive"
          className="self-start"
          disabled={check.submitting}
          // fetched as soon as a pointer or the focus is on the button, so the question comes at once
          onPointerEnter={loadDeleteAccountDialog}
          onFocus={loadDeleteAccountDialog}
        >
          <Trash2Icon /> {check.submitting ? "Deleting..." : "Delete my account"}
        </Button>
      </IntentForm>
      {asked && (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={check.submitting}
            onConfirm={() => form.current && fetcher.submit(form.current, { method: "post" })}
            opener={submit}
          />
        </Suspense>
      )}
    </AccountSection>
  );
}
