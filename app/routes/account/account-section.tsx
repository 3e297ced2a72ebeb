import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode, Ref } from "react";
import type { FetcherWithComponents } from "react-router";
import { FormError } from "~/components/auth-ui";
import { cn } from "~/lib/utils";

/**
 * One card of the account page: its heading (with an icon), an optional line or two saying what
 * it does, and its content.
 */
export function AccountSection({
  id,
  title,
  icon: Icon,
  destructive = false,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  icon?: LucideIcon;
  destructive?: boolean;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={cn("rounded-xl border bg-card/60 p-6", destructive && "border-destructive/40", className)}
      aria-labelledby={`${id}-heading`}
    >
      <h2
        id={`${id}-heading`}
        className={cn("flex items-center gap-2 font-semibold text-xl", intro ? "mb-2" : "mb-6")}
      >
        {Icon && (
          <Icon className={cn("size-5", destructive ? "text-destructive" : "text-accent")} aria-hidden />
        )}
        {title}
      </h2>
      {intro && <div className="mb-5 space-y-2 text-muted-foreground text-sm">{intro}</div>}
      {children}
    </section>
  );
}

/**
 * An account form posted through its fetcher with its intent, checked in the browser with the
 * action's schema (useIntentFormError) and showing the message box above it.
 */
export function IntentForm({
  fetcher,
  intent,
  check,
  error,
  errorId,
  ref,
  children,
}: {
  fetcher: Pick<FetcherWithComponents<unknown>, "Form">;
  intent: string;
  check: { onSubmit: ComponentProps<"form">["onSubmit"]; onChange: ComponentProps<"form">["onChange"] };
  error: string | null;
  errorId?: string;
  ref?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <>
      <FormError id={errorId} message={error} />
      <fetcher.Form
        method="post"
        className="flex flex-col gap-5"
        onSubmit={check.onSubmit}
        onChange={check.onChange}
        noValidate
        ref={ref}
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
      </fetcher.Form>
    </>
  );
}
