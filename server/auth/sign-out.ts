import type { Auth } from "./auth";

/** Ends the session; returns the headers that clear its cookies. */
export async function signOut(options: { auth: Auth; headers: Headers }): Promise<Headers> {
  const { headers } = await options.auth.api.signOut({ headers: options.headers, returnHeaders: true });
  return headers;
}
