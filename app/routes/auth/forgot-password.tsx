import { MailCheckIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { AuthCard, Field, FormError } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { useFormError } from "~/lib/use-form-error";
import { authMessages } from "../../../core/auth";
import { formText } from "../../../core/validation/form-values";
import { requestPasswordReset } from "../../../server/auth/reset-password";
import { handleAction } from "../../../server/http/errors";
import type { Route } from "./+types/forgot-password";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Reset Password", description: "Reset your password.", noIndex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handleAction(
    context,
    { fallback: authMessages.unexpected, what: "password reset request failed" },
    async () => {
      await requestPasswordReset({ ...context, email: formText(form, "email") });
      return { sent: true as const };
    },
  );
}

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadForgotPasswordSchema = () =>
  import("../../../core/validation/auth").then((module) => module.forgotPasswordSchema);

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sent = actionData && "sent" in actionData;
  const { error, submitting, onSubmit, onChange } = useFormError(
    actionData && "error" in actionData ? actionData.error : undefined,
    loadForgotPasswordSchema,
  );
  useEffect(() => {
    if (sent) toast.success("Password reset instructions sent to your email");
  }, [sent]);

  return (
    <AuthCard
      title="Reset Password"
      description={sent ? undefined : "Enter your e-mail and we will send you a link to set a new password."}
    >
      {sent ? (
        <div className="flex flex-col items-center gap-3 text-center" aria-live="polite">
          <MailCheckIcon className="size-10 text-accent" aria-hidden />
          <p className="font-semibold text-lg">Password reset email sent!</p>
          <p className="text-muted-foreground text-sm">
            Please check your email for instructions to reset your password.
          </p>
        </div>
      ) : (
        <>
          <FormError message={error} />
          <Form
            method="post"
            className="flex flex-col gap-5"
            onSubmit={onSubmit}
            onChange={onChange}
            noValidate
          >
            <Field label="Email" name="email" type="email" autoComplete="email" required />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Sending..." : "Send Reset Link"}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-8 text-center text-sm">
        <Link
          to="/login"
          className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
