import { LayoutDashboardIcon, LogOutIcon } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { cn } from "~/lib/utils";
import { requireAdmin } from "../../server/auth/guards";
import type { Route } from "./+types/admin";

export function loader({ request, context }: Route.LoaderArgs) {
  // every admin child loader and action checks again: a parent loader does not guard child actions
  requireAdmin(context, request);
  return null;
}

const LINKS = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboardIcon },
  { to: "/logout", label: "Logout", icon: LogOutIcon },
];

export default function AdminLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row">
      <nav aria-label="Admin" className="md:w-56 md:shrink-0">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                reloadDocument={to === "/logout"}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2.5 rounded-md px-3 py-2.5 font-medium text-sm",
                    isActive ? "bg-secondary text-foreground" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                <Icon className="size-4" aria-hidden /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
