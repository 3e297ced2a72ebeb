import { validateFullName } from "../../core/validation/auth";
import type { Auth } from "./auth";
import { invalidInput } from "./auth-errors";

/**
 * Saves the full name; the e-mail address cannot be changed here. Returns the refreshed session
 * cookie; an invalid name is thrown as an AppError.
 */
export async function updateProfile(options: {
  auth: Auth;
  headers: Headers;
  fullName: string;
}): Promise<Headers> {
  const invalid = validateFullName(options.fullName);
  if (invalid) throw invalidInput(invalid);
  const { headers } = await options.auth.api.updateUser({
    body: { name: options.fullName.trim() },
    headers: options.headers,
    returnHeaders: true,
  });
  return headers;
}
