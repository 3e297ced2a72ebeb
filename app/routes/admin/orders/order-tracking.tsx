import { TruckIcon } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * Who the tracking template points at, for "Track on ...": the default template is the German
 * postal service's shipment search; any other is named by its host.
 */
export function trackingServiceName(template: string): string {
  let host: string;
  try {
    host = new URL(template.replaceAll("{code}", "x")).hostname.toLowerCase();
  } catch {
    return "the carrier's site";
  }
  if (host === "deutschepost.de" || host.endsWith(".deutschepost.de")) return "Deutsche Post";
  return host.replace(/^www\./, "");
}

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
