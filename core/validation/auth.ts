// The account forms' rules with the spec's exact messages (docs/SPEC.md#account-forms). Used by the
// browser for instant feedback and by the server, which decides. Each validator returns the first
// problem, in the order the spec lists them, or null. The password strength check is the server's alone
// (server/auth/password-policy.ts): its dictionaries are too big for a browser bundle.

// the spec says 6; 8 is a deliberate departure (docs/ARCHITECTURE.md#departures-from-the-spec,
// docs/SECURITY.md)
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_EMAIL_LENGTH = 5;
export const MAX_NAME_LENGTH = 100;

export const authMessages = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  fullNameRequired: "Full name is required",
  fullNameTooLong: `Full name must be at most ${MAX_NAME_LENGTH} characters`,
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  invalidEmail:
    "Please enter a valid email address. Temporary or example domains are not supported. Use a real, accessible email address.",
  currentPasswordRequired: "Current password is required",
  newPasswordsDoNotMatch: "New passwords do not match",
  currentPasswordIncorrect: "Current password is incorrect",
  /** `reason` is the estimator's warning and advice, e.g. "This is a commonly used password. ..." */
  passwordTooEasy: (reason: string) => `Password is too easy to guess. ${reason}`,
  unexpected: "An unexpected error occurred. Please try again.",
  emailValidationFailed: (message: string) =>
    `Email validation failed: ${message.replace(/\.$/, "")}. Try using a different email address.`,
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  invalidResetLink: "This password reset link is invalid or has expired. Please request a new one.",
} as const;

/** A basic address pattern: something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isAcceptableEmail(email: string, blockedDomains: readonly string[]): boolean {
  const normalized = normalizeEmail(email);
  if (normalized.length < MIN_EMAIL_LENGTH || !EMAIL_PATTERN.test(normalized)) return false;
  const domain = normalized.slice(normalized.lastIndexOf("@") + 1);
  // "example.com." is example.com
  if (domain.endsWith(".")) return false;
  return !blockedDomains.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}

export interface SignInInput {
  email: string;
  password: string;
}

export function validateSignIn(input: SignInInput): string | null {
  if (!input.email.trim()) return authMessages.emailRequired;
  if (!input.password) return authMessages.passwordRequired;
  return null;
}

export interface RegistrationInput {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegistration(
  input: RegistrationInput,
  blockedDomains: readonly string[],
): string | null {
  if (!input.fullName.trim()) return authMessages.fullNameRequired;
  if (input.fullName.trim().length > MAX_NAME_LENGTH) return authMessages.fullNameTooLong;
  if (input.password !== input.confirmPassword) return authMessages.passwordsDoNotMatch;
  if (input.password.length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  if (!isAcceptableEmail(input.email, blockedDomains)) return authMessages.invalidEmail;
  return null;
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePasswordChange(input: PasswordChangeInput): string | null {
  if (!input.currentPassword) return authMessages.currentPasswordRequired;
  if (input.newPassword !== input.confirmPassword) return authMessages.newPasswordsDoNotMatch;
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  return null;
}

export interface PasswordResetInput {
  password: string;
  confirmPassword: string;
}

export function validatePasswordReset(input: PasswordResetInput): string | null {
  if (input.password !== input.confirmPassword) return authMessages.passwordsDoNotMatch;
  if (input.password.length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  return null;
}

export function validateFullName(fullName: string): string | null {
  if (!fullName.trim()) return authMessages.fullNameRequired;
  if (fullName.trim().length > MAX_NAME_LENGTH) return authMessages.fullNameTooLong;
  return null;
}

/** Reads a string field from form data; a file or a missing field is the empty string. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Where to go after signing in: only a path on this site. Anything a browser could read as another
 * host is refused: "//evil.com", "/\\evil.com", and paths with tabs or line breaks, which browsers
 * strip ("/\t/evil.com" becomes "//evil.com"). The check is made again on the normalised path that
 * is returned: "/.//evil.com" and "/%2e//evil.com" pass as input but normalise to "//evil.com".
 */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target || !isSitePath(target)) return fallback;
  const base = "http://store.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = url.pathname + url.search + url.hash;
  return isSitePath(path) ? path : fallback;
}

/** A path a browser resolves on this host: one leading slash, no backslash or control character. */
function isSitePath(path: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  return path.startsWith("/") && !path.startsWith("//") && !/[\u0000-\u001f\u007f\\]/.test(path);
}
