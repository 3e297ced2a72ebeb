// Reading a submitted form without zod: actions read their fields with these, and a module that
// only needs them does not bring zod to a page (docs/PERFORMANCE.md#first-load-javascript).

/** A field's text, or its texts when the name repeats (several `images`). */
type FormValue = string | string[];

/** A submitted form as a plain object. Files are left out: no form here takes one. */
export function formValues(form: FormData): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((value): value is string => typeof value === "string");
    if (texts.length > 0) values[name] = texts.length === 1 ? (texts[0] as string) : texts;
  }
  return values;
}

/** Reads a string field from form data; a file or a missing field is the empty string. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
