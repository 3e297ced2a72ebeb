import { data } from "react-router";
import type { z } from "zod";
import { formValues } from "../../core/validation/form-values";
import { AppError } from "../app-error";
import type { RequestContext } from "./context";
import { type FailureOptions, handleAction } from "./errors";

type Intent<S extends z.ZodType> = z.output<S> extends { intent: infer I extends string } ? I : never;

/** What an intent does: the use case it runs, and what to say and log when that fails. */
export interface IntentHandler<Input, Result> extends FailureOptions {
  run(input: Input): Promise<Result>;
}

type Handlers<S extends z.ZodType> = {
  [I in Intent<S>]: IntentHandler<Extract<z.output<S>, { intent: I }>, unknown>;
};

const UNKNOWN_INTENT = "Unknown request.";

/**
 * An action's one path (docs/ARCHITECTURE.md#forms): the posted form is parsed once with the
 * action's schema (core/validation/*-actions.ts), the intent picks its handler, and the handler's
 * use case runs inside handleAction. Every action answers the same way when the input names
 * nothing: an unknown intent 400 "Unknown request.", a malformed id 404 with the handler's
 * not-found message, both as `{ intent, ok: false, error, code }`. The answer's type is the
 * handlers' results, so the browser reads it with `useFetcher<typeof action>()`.
 */
export async function runAction<S extends z.ZodType<{ intent: string }>, H extends Handlers<S>>(
  context: Pick<RequestContext, "log">,
  form: FormData,
  schema: S,
  handlers: H,
) {
  const values = formValues(form);
  const intent = typeof values.intent === "string" ? values.intent : "";
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent as keyof H] : undefined;
  if (!handler) {
    context.log.info({ intent }, "action refused: unknown intent");
    return data(
      { intent, ok: false as const, error: UNKNOWN_INTENT, code: "unknown_intent" },
      { status: 400 },
    );
  }
  const { run, ...failure } = handler as IntentHandler<unknown, unknown>;
  return handleAction(
    context,
    {
      ...failure,
      details: { intent, ...namedIds(values), ...failure.details },
      extra: { intent, ok: false as const },
    },
    async () => run(parseIntent(schema, values)),
  ) as Promise<
    | Awaited<ReturnType<H[keyof H]["run"]>>
    | ReturnType<typeof data<{ intent: string; ok: false; error: string; code: string }>>
  >;
}

/** The ids the form names (orderId, returnId...), as it named them, for the failure's log line. */
function namedIds(values: Record<string, unknown>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith("Id") && typeof value === "string") ids[name] = value.slice(0, 64);
  }
  return ids;
}

/** The form as the schema reads it, or the first problem as an AppError (404 for an id that names nothing). */
function parseIntent(schema: z.ZodType, values: Record<string, unknown>) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const status = (issue as { params?: { status?: number } } | undefined)?.params?.status ?? 400;
  throw new AppError(
    status === 404 ? "not_found" : "invalid_input",
    issue?.message ?? UNKNOWN_INTENT,
    status,
  );
}
