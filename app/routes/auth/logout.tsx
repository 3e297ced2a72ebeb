import { redirect } from "react-router";
import { signOut } from "../../../server/auth/sign-out";
import { reportFailure } from "../../../server/http/errors";
import { redirectWithToast } from "../../../server/http/flash";
import type { Route } from "./+types/logout";

const SIGN_OUT_FAILED = "Error signing out. Please try again.";

async function handleSignOut({ request, context }: Route.ActionArgs | Route.LoaderArgs) {
  if (!context.session) return redirect("/");
  let headers: Headers;
  try {
    headers = await signOut({ ...context, headers: request.headers });
  } catch (error) {
    const { error: text } = reportFailure(context, error, {
      fallback: SIGN_OUT_FAILED,
      what: "sign-out failed",
    });
    return redirectWithToast(context, "/", { kind: "error", text });
  }
  return redirectWithToast(context, "/", { kind: "success", text: "Signed out successfully" }, headers);
}

// The Sign Out buttons post here. The admin sidebar links here, so a plain visit signs out too:
// the worst a forged link can do is sign someone out.
export const action = handleSignOut;
export const loader = handleSignOut;
