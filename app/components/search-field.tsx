import { SearchIcon } from "lucide-react";
import { type ComponentProps, useCallback } from "react";
import { useNavigate } from "react-router";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/**
 * A search box (`type="search"`, `name="q"` unless told otherwise) with a magnifier inside it;
 * `label` is its accessible name. `className` styles the wrapper that sizes it in its row.
 */
export function SearchField({
  label,
  className,
  ...props
}: { label: string; className?: string } & Omit<
  ComponentProps<"input">,
  "type" | "className" | "aria-label"
>) {
  return (
    <div className={cn("relative", className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" name="q" aria-label={label} className="pl-9" {...props} />
    </div>
  );
}

/**
 * Navigates to the URL `hrefFor` makes of a GET form's fields: with JavaScript, the address keeps
 * only what differs from the defaults (without it, the form submits as is).
 */
export function useSearchNavigation(hrefFor: (params: URLSearchParams) => string) {
  const navigate = useNavigate();
  return useCallback(
    (form: HTMLFormElement) => {
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form))
        if (typeof value === "string") params.append(name, value);
      navigate(hrefFor(params));
    },
    [navigate, hrefFor],
  );
}
