import { cn } from "~/lib/utils";
import type { BadgeTone } from "../../core/order";
import { capitalize } from "../../core/order";

const TONES: Record<BadgeTone, string> = {
  green: "border-emerald-500/30 bg-emerald-500/15 text-emerald-300",
  blue: "border-sky-500/30 bg-sky-500/15 text-sky-300",
  indigo: "border-indigo-400/30 bg-indigo-400/15 text-indigo-200",
  yellow: "border-yellow-400/30 bg-yellow-400/15 text-yellow-200",
  orange: "border-orange-400/30 bg-orange-400/15 text-orange-200",
  amber: "border-amber-400/30 bg-amber-400/15 text-amber-200",
  red: "border-red-500/30 bg-red-500/15 text-red-300",
  gray: "border-zinc-500/30 bg-zinc-500/15 text-zinc-300",
};

/** A status pill: "pending" shows as "Pending" (or the caller's label) in the tone its view prescribes. */
export function StatusBadge({
  status,
  label,
  tone,
  className,
}: {
  status: string;
  label?: string;
  tone: BadgeTone;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold text-xs",
        TONES[tone],
        className,
      )}
      data-tone={tone}
    >
      {label ?? capitalize(status)}
    </span>
  );
}
