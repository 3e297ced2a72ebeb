import { redirect } from "react-router";
import { signOut } from "../../server/auth/sign-out";
import { redirectWithToast } from "../../server/http/auth-response";
import type { Route } from "./+types/logout";

async function handleSignOut({ request, context }: Route.ActionArgs | Route.LoaderArgs) {
  if (!context.session) return redirect("/");
  const result = await signOut({ ...context, headers: request.headers });
  if (!result.ok)
    return redirectWithToast(context, "/", { kind: "error", text: "Error signing out. Please try again." });
  return redirectWithToast(
    context,
    "/",
    { kind: "success", text: "Signed out successfully" },
    result.headers,
  );
}

// The Sign Out buttons post here. The admin sidebar links here, so a plain visit signs out too:
// the worst a forged link can do is sign someone out.
export const action = handleSignOut;
export const loader = handleSignOut;
