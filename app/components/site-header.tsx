import { LayoutDashboardIcon, LogOutIcon, MenuIcon, ShoppingBagIcon, UserRoundIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { useCart } from "~/lib/cart";
import { cn } from "~/lib/utils";
import { cartItemCount } from "../../core/cart";
import { Button } from "./ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "./ui/sheet";

const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Shop", end: false },
  { to: "/about", label: "About", end: false },
  { to: "/legal", label: "Legal", end: false },
] as const;

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

export interface HeaderUser {
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Sign Out posts to /logout, which ends the session and returns to the home page. */
function SignOutButton({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <Button type="submit" variant="ghost" size="sm" className="w-full" onClick={onClick}>
        <LogOutIcon /> Sign Out
      </Button>
    </Form>
  );
}

export function SiteHeader({ storeName, user }: { storeName: string; user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const profile = user?.isAdmin
    ? { to: "/admin/dashboard", label: "Admin Dashboard", icon: LayoutDashboardIcon }
    : { to: "/account", label: "My Account", icon: UserRoundIcon };
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
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
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
                <MenuIcon className="size-5!" />
              </Button>
            </SheetTrigger>
            <SheetContent aria-describedby={undefined}>
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
                        isActive
                          ? "bg-secondary text-foreground"
                          : "text-muted-foreground hover:text-foreground",
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
        </div>
      </div>
    </header>
  );
}
