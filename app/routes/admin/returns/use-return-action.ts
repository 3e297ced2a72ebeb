import { useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import type { ReturnIntent } from "../../../../core/validation/return-actions";
import type { action } from "./admin-returns";

/** The Returns screen's answer to one of its intents, as its action gives it. */
export type ReturnAnswer = NonNullable<ReturnType<typeof useFetcher<typeof action>>["data"]>;

/**
 * One fetcher for the dialog's steps: each answer is a toast, then `onAnswer`. `send` refuses a
 * second submission while one is under way: a double click lands before React has disabled the button.
 */
export function useReturnAction(returnId: string, onAnswer: (result: ReturnAnswer) => void) {
  const fetcher = useFetcher<typeof action>();
  const inFlight = useRef(false);
  const busy = fetcher.state !== "idle";
  useFetcherResult(fetcher, (result) => {
    inFlight.current = false;
    if (result.ok) toast.success(result.message);
    else toast.error(result.error);
    onAnswer(result);
  });
  return {
    fetcher,
    busy,
    pending: busy ? (fetcher.formData?.get("intent") as ReturnIntent | null) : null,
    send(intent: ReturnIntent, fields: Record<string, string> = {}) {
      if (inFlight.current) return;
      inFlight.current = true;
      fetcher.submit({ ...fields, intent, returnId }, { method: "post" });
    },
  };
}

/** The dialog's steps as the step bar and its forms use them. */
export type ReturnAction = ReturnType<typeof useReturnAction>;
