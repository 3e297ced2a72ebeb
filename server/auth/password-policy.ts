import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { authMessages } from "../../core/validation/auth";

/**
 * zxcvbn's score runs from 0 to 4; 3 means "safely unguessable: moderate protection from an offline
 * slow-hash scenario" (at least 10^8 guesses). Below it a password falls to an online guessing
 * attack spread over many addresses, which is the attack the sign-in limits cannot fully stop.
 */
const MIN_PASSWORD_SCORE = 3;

// what the estimator's own "userInputs" warning says is vague; the shopper should know what it means
const PERSONAL_DATA_WARNING = "It contains your name, your e-mail address or the store's name.";
const ADD_WORDS = "Add more words that are less common.";

const MAX_CHECKED_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with its common-password and English dictionaries (about 7 MB of data, half a second
 * to load): imported on first use only, so neither start-up nor any browser bundle pays for it.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      translations: {
        ...english.translations,
        warnings: { ...english.translations.warnings, userInputs: PERSONAL_DATA_WARNING },
      },
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      // Bounded cost, since anyone can post a registration form. Measured on this 2-core machine:
      // Levenshtein matching made a check take 200-600 ms instead of 2-40 ms; with the defaults
      // (256 characters, 100 l33t substitutions) a crafted 128-character password took 3 s, with
      // these about 0.15 s. The first 64 characters must be strong on their own.
      maxLength: MAX_CHECKED_LENGTH,
      l33tMaxSubstitutions: 10,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

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
 * length rule is checked before this one, by the form's validator (core/validation/auth.ts).
 */
export async function passwordStrengthProblem(options: {
  password: string;
  email?: string;
  name?: string;
  storeName: string;
}): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const words = personalWords(options);
  const result = zxcvbn.check(options.password, words);
  if (result.score < MIN_PASSWORD_SCORE) {
    const { warning, suggestions } = result.feedback;
    const reason = [warning, suggestions[0]].filter(Boolean).join(" ");
    return authMessages.passwordTooEasy(reason || ADD_WORDS);
  }
  // zxcvbn rates any three pieces at 10^8 guesses or more, so "marigoldvasquez1" passes for
  // Marigold Vasquez: what is left without the account's own words must be strong by itself
  const rest = withoutPersonalWords(options.password, words);
  if (rest !== null && zxcvbn.check(rest, words).score < MIN_PASSWORD_SCORE) {
    return authMessages.passwordTooEasy(`${PERSONAL_DATA_WARNING} ${ADD_WORDS}`);
  }
  return null;
}
