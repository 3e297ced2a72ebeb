import { ArrowDownIcon, ArrowUpIcon, XIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** Move up, move down and remove, for one row of an ordered list in the product dialog (sizes, colours). */
export function RowControls({
  name,
  index,
  count,
  disabled,
  canRemove = true,
  onMove,
  onRemove,
  className,
}: {
  /** What the buttons name: "Move M up", "Remove Black". */
  name: string;
  index: number;
  count: number;
  disabled: boolean;
  canRemove?: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex", className)}>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDownIcon />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Remove ${name}`}
        disabled={disabled || !canRemove}
        onClick={onRemove}
      >
        <XIcon />
      </Button>
    </div>
  );
}
