import { type FormEvent, useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * The message for the box above a form: the browser's own check (instant, same rules as the server)
 * or the server's answer, whichever came last.
 */
export function useFormError(serverError: string | undefined, validate: (form: FormData) => string | null) {
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
      const message = validate(new FormData(event.currentTarget));
      setClientError(message);
      if (message) event.preventDefault();
    },
  };
}
