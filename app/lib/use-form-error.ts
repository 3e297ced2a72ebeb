import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { type FormProblem, isProblemFixed } from "../../core/validation/form-problem";
import { formProblems } from "../../core/validation/form-schema";
import type { FetcherLike } from "./use-fetcher-result";

/**
 * The message for the box above a form: the browser's own check with the form's schema (instant,
 * the same schema the server parses with) or the server's answer, whichever came last. Once the
 * person fixes what the message is about, it goes: the form's onChange checks again, and a message
 * that was one of the form's problems and no longer is disappears (a server refusal the schema
 * cannot know, such as a wrong password, stays until the next answer).
 *
 * A form posted through a fetcher (a dialog's) passes it, so `submitting` follows the fetcher
 * rather than the page's navigation.
 */
export function useFormError(
  serverError: string | undefined,
  schema: z.ZodType,
  fetcher?: Pick<FetcherLike<unknown>, "state">,
) {
  const [clientError, setClientError] = useState<string | null>(null);
  const [fixed, setFixed] = useState<string | null>(null);
  // the form's problems as of the last submit or change
  const problems = useRef<FormProblem[]>([]);
  const navigation = useNavigation();
  // a new server answer replaces the browser's message
  useEffect(() => {
    if (serverError !== undefined) setClientError(null);
  }, [serverError]);
  const shown = clientError ?? serverError ?? null;
  const error = shown === fixed ? null : shown;
  return {
    error,
    /** The field the message is about, for aria-invalid; null for a message about the whole form. */
    invalidField: (error && problems.current.find((problem) => problem.message === error)?.field) || null,
    submitting: fetcher ? fetcher.state !== "idle" : navigation.state === "submitting",
    onSubmit(event: FormEvent<HTMLFormElement>) {
      problems.current = formProblems(schema, new FormData(event.currentTarget));
      const first = problems.current[0]?.message ?? null;
      setClientError(first);
      setFixed(null);
      if (first) event.preventDefault();
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      if (!error) return;
      const after = formProblems(schema, new FormData(event.currentTarget));
      if (isProblemFixed(error, problems.current, after)) setFixed(error);
      problems.current = after;
    },
  };
}

/**
 * useFormError for one intent of an action posted through a fetcher: that intent's refusal is the
 * server's message, and `submitting` follows the fetcher. `result` is that intent's last answer.
 */
export function useIntentFormError<T extends { intent: string; ok: boolean }>(
  fetcher: FetcherLike<T>,
  intent: T["intent"],
  schema: z.ZodType,
) {
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const refusal = result && !result.ok && "error" in result ? String(result.error) : undefined;
  return { ...useFormError(refusal, schema, fetcher), result };
}
