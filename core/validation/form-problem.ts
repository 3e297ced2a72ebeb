// Telling when the message above a form has been fixed. Free of zod, so the checkout dialog can use
// it before the shipping schema has been fetched.

/** One problem of a form: its message and the field it is about ("" for the form as a whole). */
export interface FormProblem {
  message: string;
  field: string;
}

/**
 * Whether the message shown above a form has been fixed by the person's last change: it was one
 * of the form's problems before the change and is not after it. A message the schema never gave
 * (the server's "Invalid email or password") is not the form's to clear; the next answer replaces it.
 */
export function isProblemFixed(message: string, before: FormProblem[], after: FormProblem[]): boolean {
  return (
    before.some((problem) => problem.message === message) &&
    !after.some((problem) => problem.message === message)
  );
}
