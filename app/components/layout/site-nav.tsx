import { LayoutDashboardIcon, LogOutIcon, UserRoundIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "../ui/button";

export const NAV_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Shop", end: false },
  { to: "/about", label: "About", end: false },
  { to: "/legal", label: "Legal", end: false },
] as const;

export interface HeaderUser {
  name: string;
  email: string;
  isAdmin: boolean;
}

export function profileLink(user: HeaderUser | null) {
  return user?.isAdmin
    ? { to: "/admin/dashboard", label: "Admin Dashboard", icon: LayoutDashboardIcon }
    : { to: "/account", label: "My Account", icon: UserRoundIcon };
}

/** Sign Out posts to /logout, which ends the session and returns to the home page. */
export function SignOutButton({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <Button type="submit" variant="ghost" size="sm" className="w-full" onClick={onClick}>
        <LogOutIcon /> Sign Out
      </Button>
    </Form>
  );
}
