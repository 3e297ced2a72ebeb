import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

const TONES = {
  /** A failure: the red frame and icon. */
  error: { frame: "border-destructive/50 bg-destructive/10", icon: "text-destructive" },
  /** Nothing to show: a dashed frame, a muted icon. */
  empty: { frame: "border-dashed", icon: "text-muted-foreground" },
} as const;

/** A centred box that stands in for content: an icon, a message and what to do next. */
export function NoticePanel({
  icon: Icon,
  tone,
  iconSize = "size-8",
  compact = false,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  iconSize?: string;
  /** Less height, inside a dialog. */
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border px-4 text-center",
        compact ? "py-10" : "py-16",
        TONES[tone].frame,
      )}
    >
      <Icon className={cn(iconSize, TONES[tone].icon)} aria-hidden />
      {children}
    </div>
  );
}
