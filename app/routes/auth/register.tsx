import { useCallback } from "react";
import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, Field, FormError, PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useFormError } from "~/lib/use-form-error";
import { authMessages, safeRedirectPath } from "../../../core/auth";
import { formText } from "../../../core/validation/form-values";
import { registerAccount } from "../../../server/auth/register-account";
import { handleAction } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import type { Route } from "./+types/register";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Create Account", description: "Create your account.", noIndex: true });
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (context.session) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  // the browser checks the same blocked domains as the server
  return { blockedEmailDomains: context.config.blockedEmailDomains };
}

function readRegistration(form: FormData) {
  return {
    fullName: formText(form, "fullName"),
    email: formText(form, "email"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handleAction(context, { fallback: authMessages.unexpected, what: "sign-up failed" }, async () => {
    const headers = await registerAccount({
      ...context,
      headers: request.headers,
      ...readRegistration(form),
    });
    return redirectWithToast(
      context,
      safeRedirectPath(formText(form, "redirectTo")),
      { kind: "success", text: "Account created successfully! You are now logged in." },
      headers,
    );
  });
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const { blockedEmailDomains } = loaderData;
  // fetched once the page is interactive: zod is not part of the page's first download (useFormError)
  const loadRegistrationSchema = useCallback(
    () =>
      import("../../../core/validation/auth").then((module) =>
        module.registrationSchema(blockedEmailDomains),
      ),
    [blockedEmailDomains],
  );
  const { error, submitting, onSubmit, onChange } = useFormError(actionData?.error, loadRegistrationSchema);
  return (
    <AuthCard title="Create Account" description="Join to check out faster and follow your orders.">
      <FormError message={error} />
      <Form method="post" className="flex flex-col gap-5" onSubmit={onSubmit} onChange={onChange} noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Full Name" name="fullName" autoComplete="name" required maxLength={100} />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordField label="Password" name="password" autoComplete="new-password" required />
        <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" required />
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Creating account..." : "Create Account"}
        </Button>
      </Form>
      <p className="mt-8 text-center text-muted-foreground text-sm">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-foreground underline-offset-4 hover:underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
