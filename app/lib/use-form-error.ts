import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { type FormProblem, isProblemFixed } from "../../core/validation/form-problem";
import type { FormResult } from "../../core/validation/form-schema";
import type { FetcherLike } from "./use-fetcher-result";

/**
 * How a form gets its schema: a dynamic import, e.g.
 * `() => import("../../../core/validation/auth").then((module) => module.signInSchema)`. A schema
 * brings zod (some 26 KiB gzip), which no page downloads with its first load
 * (docs/PERFORMANCE.md#first-load-javascript): it is fetched once the page is interactive. Pass a
 * function that stays the same between renders (a module constant, or useCallback): a new one
 * fetches again.
 */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

/**
 * The loader of a schema a module has imported already: a form that is itself fetched on demand
 * (zod comes with it), or the admin's, whose pages have no JavaScript budget. Call it once per
 * schema (a module constant, or useMemo), not in each render.
 */
export function schemaAtHand<S extends z.ZodType>(schema: S): SchemaLoader<S> {
  return () => Promise.resolve(schema);
}

/** The schema's answers about a form, once the schema has arrived. */
interface FormCheck<S extends z.ZodType> {
  problems: (input: FormData) => FormProblem[];
  parse: (input: FormData) => FormResult<z.output<S>>;
}

/** One fetch of a form's schema, and its result once it has arrived. */
interface SchemaFetch<S extends z.ZodType> {
  loader: SchemaLoader<S>;
  arriving: Promise<FormCheck<S> | null>;
  check: FormCheck<S> | null;
}

function fetchSchema<S extends z.ZodType>(loader: SchemaLoader<S>): SchemaFetch<S> {
  const fetched: SchemaFetch<S> = { loader, check: null, arriving: Promise.resolve(null) };
  fetched.arriving = Promise.all([loader(), import("../../core/validation/form-schema")]).then(
    ([schema, { formProblems, parseForm }]) => {
      fetched.check = {
        problems: (input) => formProblems(schema, input),
        parse: (input) => parseForm(schema, input),
      };
      return fetched.check;
    },
    // a schema that cannot be fetched (the network, a new release's files) costs only the instant
    // message: the form goes to the server, which checks with the same schema and answers the same
    () => null,
  );
  return fetched;
}

/**
 * The form's schema, fetched once the page is interactive (an effect) or when first needed,
 * whichever comes first; fetched again only for another loader.
 */
function useSchemaFetch<S extends z.ZodType>(loadSchema: SchemaLoader<S>) {
  const fetched = useRef<SchemaFetch<S> | null>(null);
  const current = () => {
    if (fetched.current?.loader !== loadSchema) fetched.current = fetchSchema(loadSchema);
    return fetched.current;
  };
  useEffect(() => {
    current();
  });
  return current;
}

/**
 * The message for the box above a form: the browser's own check with the form's schema (instant,
 * the same schema the server parses with) or the server's answer, whichever came last. Once the
 * person fixes what the message is about, it goes: the form's onChange checks again, and a message
 * that was one of the form's problems and no longer is disappears (a server refusal the schema
 * cannot know, such as a wrong password, stays until the next answer).
 *
 * The schema arrives just after the page becomes interactive (SchemaLoader). A form sent before
 * that goes to the server unchecked, and the server's answer is the same message the browser would
 * have shown.
 *
 * A form posted through a fetcher (a dialog's) passes it, so `submitting` follows the fetcher
 * rather than the page's navigation.
 */
export function useFormError<S extends z.ZodType>(
  serverError: string | undefined,
  loadSchema: SchemaLoader<S>,
  fetcher?: Pick<FetcherLike<unknown>, "state">,
) {
  const [clientError, setClientError] = useState<string | null>(null);
  const [fixed, setFixed] = useState<string | null>(null);
  // the form's problems as of the last submit or change
  const problems = useRef<FormProblem[]>([]);
  const schema = useSchemaFetch(loadSchema);
  const navigation = useNavigation();
  // a new server answer replaces the browser's message
  useEffect(() => {
    if (serverError !== undefined) setClientError(null);
  }, [serverError]);
  const shown = clientError ?? serverError ?? null;
  const error = shown === fixed ? null : shown;

  /** Checks what is about to be sent; answers the first problem's message, or null. */
  const checkSent = (form: FormData, loaded: FormCheck<S>) => {
    problems.current = loaded.problems(form);
    const first = problems.current[0]?.message ?? null;
    setClientError(first);
    setFixed(null);
    return first;
  };

  return {
    error,
    /** The field the message is about, for aria-invalid; null for a message about the whole form. */
    invalidField: (error && problems.current.find((problem) => problem.message === error)?.field) || null,
    submitting: fetcher ? fetcher.state !== "idle" : navigation.state === "submitting",
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = new FormData(event.currentTarget);
      const { check: loaded, arriving } = schema();
      if (loaded) {
        if (checkSent(form, loaded)) event.preventDefault();
        return;
      }
      // sent unchecked; what was sent is checked when the schema arrives, so that editing the
      // form clears the server's message as it would have cleared the browser's
      setClientError(null);
      setFixed(null);
      void arriving.then((late) => {
        if (late) problems.current = late.problems(form);
      });
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      const loaded = schema().check;
      if (!error || !loaded) return;
      const after = loaded.problems(new FormData(event.currentTarget));
      if (isProblemFixed(error, problems.current, after)) setFixed(error);
      problems.current = after;
    },
    /**
     * For a form the page handles itself, with nothing posted that the server could check first:
     * waits for the schema if it has not arrived, shows the first problem, and answers the checked
     * values, or null when there is a problem to fix.
     */
    async validate(form: FormData): Promise<z.output<S> | null> {
      const { check: ready, arriving } = schema();
      const loaded = ready ?? (await arriving);
      // the schema could not be fetched: nothing is accepted unchecked
      if (!loaded) {
        setClientError(FORM_CHECK_UNAVAILABLE);
        return null;
      }
      if (checkSent(form, loaded)) return null;
      const parsed = loaded.parse(form);
      return parsed.ok ? parsed.value : null;
    },
  };
}

/**
 * A page-handled form (validate) whose schema could not be fetched: the network, or a new release
 * whose files replaced this page's. A reload fetches the page and its files again.
 */
const FORM_CHECK_UNAVAILABLE = "This form could not be checked. Please reload the page and try again.";

/**
 * useFormError for one intent of an action posted through a fetcher: that intent's refusal is the
 * server's message, and `submitting` follows the fetcher. `result` is that intent's last answer.
 */
export function useIntentFormError<T extends { intent: string; ok: boolean }, S extends z.ZodType>(
  fetcher: FetcherLike<T>,
  intent: T["intent"],
  loadSchema: SchemaLoader<S>,
) {
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const refusal = result && !result.ok && "error" in result ? String(result.error) : undefined;
  return { ...useFormError(refusal, loadSchema, fetcher), result };
}
