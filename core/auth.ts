// The account forms' rules that need no zod: the spec's messages (docs/SPEC.md#account-forms,
// docs/SPEC.md#messages), the password lengths, which e-mail addresses are accepted and where to go
// after signing in. Kept apart from the forms' schemas (core/validation/auth.ts) so a page that only
// shows a message or checks a redirect does not download zod (docs/PERFORMANCE.md#first-load-javascript).

// the spec says 6; 8 is a deliberate departure (docs/ARCHITECTURE.md#departures-from-the-spec, docs/SECURITY.md)
export const MIN_PASSWORD_LENGTH = 8;
// OWASP ASVS 5 V6.2.9 asks for at least 64; better-auth refuses more than 128 anyway, and saying so
// here answers before any limit is counted or any password is hashed
export const MAX_PASSWORD_LENGTH = 128;
const MIN_EMAIL_LENGTH = 5;
export const MAX_NAME_LENGTH = 100;

export const authMessages = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  fullNameRequired: "Full name is required",
  fullNameTooLong: `Full name must be at most ${MAX_NAME_LENGTH} characters`,
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
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
