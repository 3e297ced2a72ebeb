import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, failure } from "./auth-result";

export async function signOut(options: { auth: Auth; log: Logger; headers: Headers }): Promise<AuthResult> {
  try {
    const { headers } = await options.auth.api.signOut({ headers: options.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    options.log.error({ err: error }, "sign-out failed");
    return failure(500, "Error signing out. Please try again.");
  }
}
