import { redirect } from "react-router";
import type { RequestContext } from "../http/context";
import type { AuthSession } from "./auth";

export function isAdmin(session: AuthSession | null): boolean {
  return Boolean(session?.user.role?.split(",").includes("admin"));
}

function loginRedirect(url: URL) {
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * The signed-in user, or a redirect to /login that comes back here afterwards. `url` is the page's
 * address as React Router gives it to loaders and actions (no `.data` suffix).
 */
export function requireUser(context: Pick<RequestContext, "session">, url: URL): AuthSession {
  if (!context.session) throw loginRedirect(url);
  return context.session;
}

/**
 * An administrator's session. Visitors go to /login, signed-in customers to /forbidden. The role
 * is read on the server from the session, never from anything the browser sends.
 */
export function requireAdmin(context: Pick<RequestContext, "session">, url: URL): AuthSession {
  const session = requireUser(context, url);
  if (!isAdmin(session)) throw redirect("/forbidden");
  return session;
}
