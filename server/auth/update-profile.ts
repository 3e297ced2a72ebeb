import { profileSchema } from "../../core/validation/auth";
import { parseInput } from "../app-error";
import type { Auth } from "./auth";

/**
 * Saves the full name; the e-mail address cannot be changed here. Returns the refreshed session
 * cookie; an invalid name is thrown as an AppError.
 */
export async function updateProfile(options: {
  auth: Auth;
  headers: Headers;
  fullName: string;
}): Promise<Headers> {
  const { fullName } = parseInput(profileSchema, options);
  const { headers } = await options.auth.api.updateUser({
    body: { name: fullName },
    headers: options.headers,
    returnHeaders: true,
  });
  return headers;
}
