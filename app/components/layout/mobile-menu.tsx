import { UserRoundIcon } from "lucide-react";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/utils";
import { Button } from "../ui/button";
import { Sheet, SheetContent, SheetTitle } from "../ui/sheet";
import { type HeaderUser, NAV_LINKS, profileLink, SignOutButton } from "./site-nav";

/** The small-screen menu: a dialog sliding in from the right. Loaded on demand by the header. */
export default function MobileMenu({
  storeName,
  user,
  onClose,
}: {
  storeName: string;
  user: HeaderUser | null;
  onClose: () => void;
}) {
  const profile = profileLink(user);
  const closeMenu = onClose;
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent aria-describedby={undefined} onCloseAutoFocus={(event) => event.preventDefault()}>
        <SheetTitle className="font-bold font-display text-lg uppercase tracking-[0.2em]">
          {storeName}
        </SheetTitle>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              onClick={closeMenu}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-3 font-medium text-base",
                  isActive ? "bg-secondary text-foreground" : "text-muted-foreground hover:text-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t pt-6">
          {user ? (
            <>
              <p className="truncate px-1 text-muted-foreground text-sm">{user.email}</p>
              <Button asChild variant="outline" onClick={closeMenu}>
                <Link to={profile.to}>
                  <profile.icon /> {profile.label}
                </Link>
              </Button>
              <SignOutButton onClick={closeMenu} />
            </>
          ) : (
            <>
              <Button asChild variant="outline" onClick={closeMenu}>
                <Link to="/login">
                  <UserRoundIcon /> Sign In
                </Link>
              </Button>
              <Button asChild onClick={closeMenu}>
                <Link to="/register">Register</Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
