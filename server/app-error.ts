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
