// The account forms' schemas, in the order the spec lists their rules (docs/SPEC.md#account-forms);
// their messages and the e-mail rule are in core/auth.ts. Used by the server, which decides, and by
// the browser for instant feedback, which loads them once the page is interactive (useFormError).
// The password strength check is the server's alone (server/auth/password-policy.ts): its
// dictionaries are too big for a browser bundle.
import { z } from "zod";
import {
  authMessages,
  isAcceptableEmail,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
} from "../auth";
import { requiredText } from "./form-schema";

/** "Full Name" on the register and profile forms. */
const fullName = requiredText(authMessages.fullNameRequired).max(
  MAX_NAME_LENGTH,
  authMessages.fullNameTooLong,
);
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

export const signInSchema = z.object({
  email: requiredText(authMessages.emailRequired).transform(normalizeEmail),
  password: z.string().min(1, authMessages.passwordRequired),
});

export const forgotPasswordSchema = z.object({
  email: requiredText(authMessages.emailRequired).transform(normalizeEmail),
});

export const profileSchema = z.object({ fullName });

/**
 * The spec's order: name, passwords match, password length, e-mail. The browser gets the blocked
 * domains from the route's loader, so both sides refuse the same addresses.
 */
export function registrationSchema(blockedDomains: readonly string[]) {
  return z
    .object({ fullName, email: z.string(), password: z.string(), confirmPassword: z.string() })
    .refine((form) => form.password === form.confirmPassword, { error: authMessages.passwordsDoNotMatch })
    .pipe(
      z.object({
        fullName: z.string(),
        password: newPassword,
        confirmPassword: z.string(),
        email: z
          .string()
          .refine((email) => isAcceptableEmail(email, blockedDomains), authMessages.invalidEmail)
          .transform(normalizeEmail),
      }),
    );
}

export type RegistrationInput = z.input<ReturnType<typeof registrationSchema>>;

/** Matching passwords first, then their length. */
export const passwordResetSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { error: authMessages.passwordsDoNotMatch })
  .pipe(z.object({ password: newPassword, confirmPassword: z.string() }));

export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** The current password, then matching new passwords, then their length. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, authMessages.currentPasswordRequired),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { error: authMessages.newPasswordsDoNotMatch })
  .pipe(z.object({ currentPassword: z.string(), newPassword, confirmPassword: z.string() }));

export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
