import type { z } from "zod";
import { type FormInput, parseForm } from "../core/validation/form-schema";

/**
 * The one error type of the use cases: a code for callers and tests, an HTTP status, and the
 * message a person sees (the spec's exact words). Anything else that is thrown is unexpected:
 * it is logged with context and shown as the spec's generic message.
 */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: string,
    readonly userMessage: string,
    readonly status = 400,
    options?: { cause?: unknown; logMessage?: string },
  ) {
    super(options?.logMessage ?? userMessage, { cause: options?.cause });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * A form's values as its schema makes them (core/validation); the first problem, in the spec's
 * order, is refused as an AppError with that message (400).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: FormInput,
  code = "invalid_input",
): z.output<S> {
  const parsed = parseForm(schema, input);
  if (!parsed.ok) throw new AppError(code, parsed.message);
  return parsed.value;
}
