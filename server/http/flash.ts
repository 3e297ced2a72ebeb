import { createCookie, redirect } from "react-router";
import type { RequestContext } from "./context";

export interface FlashToast {
  kind: "success" | "error" | "info";
  text: string;
}

/**
 * A toast that survives one redirect ("Signed in successfully!" after the redirect to /).
 * Signed, so no other site can make the store show a message.
 */
export function createFlash(options: { secret: string; secure: boolean }) {
  const cookie = createCookie("nocturn_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: options.secure,
    secrets: [options.secret],
  });
  return {
    /** The Set-Cookie value that shows `toast` on the next page. */
    set: (toast: FlashToast) => cookie.serialize(toast),
    /** The pending toast, and the Set-Cookie value that clears it. */
    async take(request: Request): Promise<{ toast: FlashToast | null; clear: string | null }> {
      const value = await cookie.parse(request.headers.get("Cookie"));
      if (!value || typeof value !== "object" || typeof value.text !== "string")
        return { toast: null, clear: null };
      return { toast: value as FlashToast, clear: await cookie.serialize("", { maxAge: 0 }) };
    },
  };
}

export type Flash = ReturnType<typeof createFlash>;

/** Redirects with a toast for the next page, and the session cookies better-auth set, if any. */
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
