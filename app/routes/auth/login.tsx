import { Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard, Field, FormError, PasswordField } from "~/components/auth-ui";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useFormError } from "~/lib/use-form-error";
import { authMessages, safeRedirectPath } from "../../../core/auth";
import { formText } from "../../../core/validation/form-values";
import { signIn } from "../../../server/auth/sign-in";
import { handleAction } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import type { Route } from "./+types/login";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Sign In", description: "Sign in to your account.", noIndex: true });
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (context.session) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return handleAction(context, { fallback: authMessages.unexpected, what: "sign-in failed" }, async () => {
    const headers = await signIn({
      ...context,
      headers: request.headers,
      email: formText(form, "email"),
      password: formText(form, "password"),
      rememberMe: form.get("remember") === "on",
    });
    const to = safeRedirectPath(formText(form, "redirectTo"));
    return redirectWithToast(context, to, { kind: "success", text: "Signed in successfully!" }, headers);
  });
}

// fetched once the page is interactive: zod is not part of the page's first download (useFormError)
const loadSignInSchema = () => import("../../../core/validation/auth").then((module) => module.signInSchema);

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  const { error, submitting, onSubmit, onChange } = useFormError(actionData?.error, loadSignInSchema);
  const registerHref =
    redirectTo === "/" ? "/register" : `/register?redirectTo=${encodeURIComponent(redirectTo)}`;

  return (
    <AuthCard title="Sign In" description="Welcome back. Sign in to check out and follow your orders.">
      <FormError message={error} />
      <Form method="post" className="flex flex-col gap-5" onSubmit={onSubmit} onChange={onChange} noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <PasswordField label="Password" name="password" autoComplete="current-password" required />
        <div className="flex items-center justify-between gap-4 text-sm">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              name="remember"
              defaultChecked
              className="size-4 accent-[var(--color-accent)]"
            />
            Remember me
          </label>
          <Link
            to="/forgot-password"
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
      <p className="mt-8 text-center text-muted-foreground text-sm">
        Don't have an account?{" "}
        <Link to={registerHref} className="font-medium text-foreground underline-offset-4 hover:underline">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
