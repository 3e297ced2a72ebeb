// What every form schema shares (docs/decisions/007-form-schemas-with-zod.md). A form shows one
// message in the box above it, the first problem in the spec's order: each schema lists its rules
// in that order, and a rule that must win over later fields' problems (e.g. "Please fill in all
// required fields") sits in an earlier stage that `.pipe()`s into the rest, which zod runs only
// when the earlier stage found nothing.
import { z } from "zod";
import type { FormProblem } from "./form-problem";
import { formValues } from "./form-values";

/** A form to check: the browser's FormData, or the fields a route read from it. */
export type FormInput = FormData | object;

export type FormResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Checks a form against its schema: the browser with the form's data, the server with what the
 * route read. The message is the first problem's.
 */
export function parseForm<S extends z.ZodType>(schema: S, input: FormInput): FormResult<z.output<S>> {
  const parsed = schema.safeParse(input instanceof FormData ? formValues(input) : input);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid form" };
}

/** Every problem of the form, in the order parseForm would name them. */
export function formProblems(schema: z.ZodType, input: FormInput): FormProblem[] {
  const parsed = schema.safeParse(input instanceof FormData ? formValues(input) : input);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ message: issue.message, field: String(issue.path[0] ?? "") }));
}

/** Trimmed text that must not be empty; a field missing from the request gets the same message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Text that may be left empty or out; trimmed. */
export const optionalText = z.string().trim().default("");

/** A checkbox: ticked when the form carries it (with any value), or given as a boolean. */
export const checkbox = z.union([z.boolean(), z.string().transform(() => true)]).default(false);

/** A field that may repeat (hidden `images` inputs): always a list, empty when absent. */
export const textList = z.preprocess(
  (value) => (value === undefined ? [] : [value].flat()),
  z.array(z.string()),
);
