import { profileSchema } from "../../core/validation/auth";
import { parseForm } from "../../core/validation/form-schema";
import type { Logger } from "../logger";
import type { Auth } from "./auth";
import { type AuthResult, failure } from "./auth-result";

/** Saves the full name. The e-mail address cannot be changed here. */
export async function updateProfile(options: {
  auth: Auth;
  log: Logger;
  headers: Headers;
  fullName: string;
}): Promise<AuthResult> {
  const form = parseForm(profileSchema, options);
  if (!form.ok) return failure(400, form.message);
  try {
    const { headers } = await options.auth.api.updateUser({
      body: { name: form.value.fullName },
      headers: options.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    options.log.error({ err: error }, "profile update failed");
    return failure(500, "Failed to update profile");
  }
}
