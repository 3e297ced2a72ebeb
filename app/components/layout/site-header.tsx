import { MenuIcon, ShoppingBagIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { useCart } from "~/lib/cart";
import { cn } from "~/lib/utils";
import { cartItemCount } from "../../../core/cart";
import { Button } from "../ui/button";
import { type HeaderUser, NAV_LINKS, profileLink, SignOutButton } from "./site-nav";

// the small-screen menu (a Radix dialog) is loaded only when it is about to be opened
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

function CartLink() {
  const { lines } = useCart();
  const count = cartItemCount(lines);
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/cart" aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? "" : "s"}` : "Cart"}>
        <ShoppingBagIcon className="size-5!" />
        {count > 0 && (
          <span
            data-testid="cart-count"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 font-bold text-[11px] text-accent-foreground"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </Link>
    </Button>
  );
}

export function SiteHeader({ storeName, user }: { storeName: string; user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const profile = profileLink(user);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link to="/" className="font-bold font-display text-xl uppercase tracking-[0.2em]">
          {storeName}
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 font-medium text-sm transition-colors hover:text-foreground",
                  isActive ? "text-foreground" : "text-muted-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <CartLink />
          {user ? (
            <div className="hidden items-center gap-1 md:flex">
              <Button asChild variant="ghost" size="icon">
                <Link to={profile.to} aria-label={profile.label} title={profile.label}>
                  <profile.icon className="size-5!" />
                </Link>
              </Button>
              <SignOutButton />
            </div>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">Register</Link>
              </Button>
            </div>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            // fetch the menu's code as soon as a pointer is near, so opening it is instant
            onPointerEnter={loadMobileMenu}
            onFocus={loadMobileMenu}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon className="size-5!" />
          </Button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu
                storeName={storeName}
                user={user}
                onClose={() => {
                  setMenuOpen(false);
                  menuButton.current?.focus();
                }}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
