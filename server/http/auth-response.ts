import { data, redirect } from "react-router";
import type { AuthResult } from "../auth/auth-result";
import type { RequestContext } from "./context";
import type { FlashToast } from "./flash";

/** A failed account action: the message for the box above the form, with its HTTP status. */
export function authFailure(result: Extract<AuthResult, { ok: false }>) {
  return data({ error: result.message }, { status: result.status });
}

/** Redirects with the session cookies better-auth set and a toast for the next page. */
export async function redirectWithToast(
  context: Pick<RequestContext, "flash">,
  to: string,
  toast: FlashToast,
  headers: Headers = new Headers(),
) {
  const next = new Headers(headers);
  next.append("Set-Cookie", await context.flash.set(toast));
  return redirect(to, { headers: next });
}
