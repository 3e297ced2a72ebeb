import { COMMON_PASSWORDS } from "./common-passwords";

const commonPasswords = new Set(COMMON_PASSWORDS.map((password) => password.toLowerCase()));

/** True for one of the 1,000 most common passwords, compared case-insensitively. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
