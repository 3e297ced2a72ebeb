import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./button";

export interface ButtonLink {
  to: string;
  label: ReactNode;
  prefetch?: "intent";
}

/** Large link buttons side by side: the first is the main one, the others are outlined. */
export function LinkButtons({ links, className }: { links: ButtonLink[]; className: string }) {
  return (
    <div className={className}>
      {links.map((link, index) => (
        <Button key={link.to} asChild size="lg" variant={index === 0 ? "default" : "outline"}>
          <Link to={link.to} prefetch={link.prefetch}>
            {link.label}
          </Link>
        </Button>
      ))}
    </div>
  );
}
