import { AlertCircleIcon, EyeIcon, EyeOffIcon } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { cn } from "~/lib/utils";
import { Input, Label } from "./ui/input";

/** The centred card every account form sits in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
      <div className="rounded-2xl border bg-card/70 p-6 shadow-2xl sm:p-8">
        <h1 className="font-bold text-3xl">{title}</h1>
        {description && <p className="mt-2 text-muted-foreground text-sm">{description}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}

/** Errors appear in a box above the form (docs/SPEC.md#sign-in-and-registration). */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <div
      id={id}
      role="alert"
      className="mb-6 flex items-start gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p>{message}</p>
    </div>
  );
}

export function Field({
  label,
  hint,
  className,
  ...props
}: { label: string; hint?: ReactNode } & ComponentProps<typeof Input>) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
      {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField({
  label,
  ...props
}: { label: string } & Omit<ComponentProps<typeof Input>, "type">) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input id={id} type={visible ? "text" : "password"} className="pr-11" {...props} />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted-foreground hover:text-foreground"
        >
          {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        </button>
      </div>
    </div>
  );
}
