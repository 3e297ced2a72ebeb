import { Form, Link, useSearchParams } from "react-router";
import { AuthCard, FormError, PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useFormError } from "~/lib/use-form-error";
import { authMessages } from "../../../core/auth";
import { formText } from "../../../core/validation/form-values";
import { resetPassword } from "../../../server/auth/reset-password";
import { handleAction } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import type { Route } from "./+types/reset-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Set a New Password",
    description: "Choose a new password.",
    noIndex: true,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handleAction(
    context,
    { fallback: authMessages.unexpected, what: "password reset failed" },
    async () => {
      await resetPassword({
        ...context,
        token: formText(form, "token"),
        password: formText(form, "password"),
        confirmPassword: formText(form, "confirmPassword"),
      });
      return redirectWithToast(context, "/login", {
        kind: "success",
        text: "Password updated successfully. Please sign in with your new password.",
      });
    },
  );
}

function AskAgain({ message }: { message: string }) {
  return (
    <>
      <FormError message={message} />
      <Button asChild size="lg" className="w-full">
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </>
  );
}

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadPasswordResetSchema = () =>
  import("../../../core/validation/auth").then((module) => module.passwordResetSchema);

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const { error, submitting, onSubmit, onChange } = useFormError(actionData?.error, loadPasswordResetSchema);
  if (!token || error === authMessages.invalidResetLink) {
    return (
      <AuthCard title="Set a New Password">
        <AskAgain message={authMessages.invalidResetLink} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a New Password" description="Choose a new password for your account.">
      <FormError message={error} />
      <Form method="post" className="flex flex-col gap-5" onSubmit={onSubmit} onChange={onChange} noValidate>
        <input type="hidden" name="token" value={token} />
        <PasswordField label="New Password" name="password" autoComplete="new-password" required />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
        />
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Saving..." : "Set New Password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
