import { authMessages } from "../../core/auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Metrics } from "../metrics/metrics";
import type { Auth } from "./auth";
import { invalidInput, limitAttempts, limitCustomer } from "./auth-errors";
import { createPasswordEstimator } from "./password-estimator";
import { RATE_LIMITS } from "./rate-limit";

/**
 * zxcvbn's score runs from 0 to 4; 3 means "safely unguessable: moderate protection from an offline
 * slow-hash scenario" (at least 10^8 guesses). Below it a password falls to an online guessing
 * attack spread over many addresses, which is the attack the sign-in limits cannot fully stop.
 */
const MIN_PASSWORD_SCORE = 3;

// what the estimator's own "userInputs" warning says is vague; the shopper should know what it means
const PERSONAL_DATA_WARNING = "It contains your name, your e-mail address or the store's name.";
const ADD_WORDS = "Add more words that are less common.";

/**
 * The estimator judges the first 32 characters. Its cost grows with the length faster than
 * linearly: measured on this 2-core machine under load, a crafted password of 64 characters took
 * 100-200 ms of CPU, its first 32 characters about 20 ms, 60 at worst (docs/SECURITY.md#passwords).
 * A passphrase of four words fits in 32; a longer password must be strong in its first 32.
 */
export const MAX_CHECKED_LENGTH = 32;
const LONG_PASSWORD_NOTE = `Its first ${MAX_CHECKED_LENGTH} characters must be hard to guess on their own.`;

/**
 * Bounded cost, since anyone can post a password form: at most 4 look-alike spellings are tried
 * (the default of 100 made a crafted password take seconds; 4 instead of 10 halved the worst case,
 * 160 to 60 ms of CPU, and scored 30 common look-alike passwords such as "P4$$w0rd!" exactly as 10
 * did) and no fuzzy (Levenshtein) matching is done (it made every check take 200-600 ms).
 */
const estimator = createPasswordEstimator({
  maxLength: MAX_CHECKED_LENGTH,
  l33tMaxSubstitutions: 4,
  userInputsWarning: PERSONAL_DATA_WARNING,
});

const plain = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");

/**
 * The words of the account and the store that a password must not lean on: the whole e-mail
 * address and name, their parts ("zoe", "night", "nocturn-shop"), and the same without accents.
 */
export function personalWords(person: { email?: string; name?: string; storeName: string }): string[] {
  const whole = [person.email, person.name, person.storeName].filter((value): value is string =>
    Boolean(value?.trim()),
  );
  const words = new Set<string>();
  for (const value of whole) {
    const lower = value.trim().toLowerCase();
    for (const form of new Set([lower, plain(lower)])) {
      words.add(form);
      for (const part of form.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
    }
  }
  return [...words];
}

/** The password with every personal word taken out, longest first; null if it had none. */
function withoutPersonalWords(password: string, words: string[]): string | null {
  let rest = plain(password);
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(plain(word)).join(" ");
  return rest === plain(password) ? null : rest;
}

/**
 * Why `password` is too easy to guess for this account, or null when it is strong enough. The
 * length rules are checked before this one, by the form's validator (core/validation/auth.ts).
 * Only its first MAX_CHECKED_LENGTH characters are judged, in the estimator's worker thread.
 */
export async function passwordStrengthProblem(options: {
  password: string;
  email?: string;
  name?: string;
  storeName: string;
  /** Where the estimator's time is counted (nocturn_password_strength_check_seconds). */
  metrics?: Pick<Metrics, "observePasswordCheck">;
}): Promise<string | null> {
  const judged = options.password.slice(0, MAX_CHECKED_LENGTH);
  const words = personalWords(options);
  // zxcvbn rates any three pieces at 10^8 guesses or more, so "marigoldvasquez1" passes for
  // Marigold Vasquez: what is left without the account's own words must be strong by itself.
  // Taken out of the whole password, so that a long e-mail address leaves nothing either.
  const rest = withoutPersonalWords(options.password, words)?.slice(0, MAX_CHECKED_LENGTH) ?? null;
  const { estimates, seconds } = await estimator.estimate(rest === null ? [judged] : [judged, rest], words);
  options.metrics?.observePasswordCheck(seconds);
  const [whole, withoutWords] = estimates;
  if (!whole || whole.score < MIN_PASSWORD_SCORE) {
    const note = options.password.length > MAX_CHECKED_LENGTH ? ` ${LONG_PASSWORD_NOTE}` : "";
    const reason = [whole?.warning, whole?.suggestions[0]].filter(Boolean).join(" ");
    return authMessages.passwordTooEasy(`${reason || ADD_WORDS}${note}`);
  }
  if (withoutWords && withoutWords.score < MIN_PASSWORD_SCORE) {
    return authMessages.passwordTooEasy(`${PERSONAL_DATA_WARNING} ${ADD_WORDS}`);
  }
  return null;
}

/** What the forms that set a password (registration, reset and change) are handed. */
export interface PasswordFormServices {
  auth: Auth;
  db: Database;
  config: Config;
  metrics: Pick<Metrics, "observePasswordCheck">;
  clientIp: string;
}

/**
 * The strength rule as the account forms apply it (registration, password reset and change). The
 * check is counted before the estimator runs, per client and, when the form names an account (the
 * signed-in one, or the reset link's), per account: a refusal (429) costs no estimate, so nobody can
 * make the store estimate more often than RATE_LIMITS.passwordCheck and passwordCheckPerAccount
 * allow. A weak password is then refused with the estimator's reason (400).
 */
export async function refuseWeakPassword(options: {
  db: Database;
  clientIp: string;
  metrics: PasswordFormServices["metrics"];
  storeName: string;
  password: string;
  email?: string;
  name?: string;
  /** The account the password is for, when it exists already. */
  userId?: string;
  /** The limits' clock, in milliseconds; for tests. */
  now?: number;
}): Promise<void> {
  // the account's limit first: a flood from one account is then refused with one statement
  if (options.userId) {
    await limitCustomer({
      db: options.db,
      userId: options.userId,
      action: "password-check",
      rule: RATE_LIMITS.passwordCheckPerAccount,
      now: options.now,
    });
  }
  await limitAttempts({ ...options, action: "password-check", rule: RATE_LIMITS.passwordCheck });
  const weak = await passwordStrengthProblem(options);
  if (weak) throw invalidInput(weak);
}
