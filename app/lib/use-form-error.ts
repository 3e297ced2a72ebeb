import { type FormEvent, useEffect, useState } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { parseForm } from "../../core/validation/form-schema";

/**
 * The message for the box above a form: the browser's own check with the form's schema (instant,
 * the same schema the server parses with) or the server's answer, whichever came last.
 */
export function useFormError(serverError: string | undefined, schema: z.ZodType) {
  const [clientError, setClientError] = useState<string | null>(null);
  const navigation = useNavigation();
  // a new server answer replaces the browser's message
  useEffect(() => {
    if (serverError !== undefined) setClientError(null);
  }, [serverError]);
  return {
    error: clientError ?? serverError ?? null,
    submitting: navigation.state === "submitting",
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const checked = parseForm(schema, new FormData(event.currentTarget));
      setClientError(checked.ok ? null : checked.message);
      if (!checked.ok) event.preventDefault();
    },
  };
}
