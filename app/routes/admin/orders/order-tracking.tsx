import { TruckIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The list's track-package icon button: opens the postal service's page in a new tab. */
export function TrackPackageIconLink({ href, orderNumber }: { href: string; orderNumber: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "text-sky-300 hover:text-sky-200")}
      title="Track package"
      aria-label={`Track package of order ${orderNumber} (opens in a new tab)`}
    >
      <TruckIcon />
    </a>
  );
}
