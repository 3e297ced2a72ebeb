import type { LucideIcon } from "lucide-react";
import { LockIcon, PackageIcon, UserRoundIcon } from "lucide-react";
import { NavLink, Outlet, redirect } from "react-router";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "../../../server/auth/guards";
import type { Route } from "./+types/account-layout";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "My Account",
    description: "Your profile, orders and settings.",
    noIndex: true,
  });
}

const TABS: readonly { label: string; to: string; icon: LucideIcon }[] = [
  { label: "Profile", to: "/account", icon: UserRoundIcon },
  { label: "Orders", to: "/account/orders", icon: PackageIcon },
  { label: "Settings", to: "/account/settings", icon: LockIcon },
];

/**
 * The account page's frame: who is signed in, and a tab per child route (profile, orders,
 * settings), each with its own loader and action. Only the session's own user is ever read.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  // the tabs' addresses before each had its own route: /account?tab=settings, ?tab=orders
  const tab = url.searchParams.get("tab");
  if (url.pathname.replace(/\/+$/, "") === "/account" && (tab === "orders" || tab === "settings")) {
    throw redirect(`/account/${tab}`);
  }
  return { name: user.name, email: user.email };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <header className="mb-10 flex items-center gap-4">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary">
          <UserRoundIcon className="size-6 text-accent" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="truncate font-bold text-3xl">{loaderData.name || "Valued Customer"}</h1>
          <p className="truncate text-muted-foreground">{loaderData.email}</p>
        </div>
      </header>
      {/* each tab is a page of its own (a child route with its loader and action), so the tabs are
          links, the current one marked aria-current: opening one in a new browser tab works, and
          Radix Tabs (some 10 KiB gzip) is not needed (docs/PERFORMANCE.md#first-load-javascript) */}
      <nav aria-label="Account">
        <ul className="inline-flex h-11 items-center gap-1 rounded-lg border bg-muted/60 p-1">
          {TABS.map(({ label, to, icon: Icon }) => (
            <li key={to} className="h-full">
              <NavLink
                to={to}
                end
                replace
                preventScrollReset
                className="inline-flex h-full items-center justify-center gap-2 rounded-md px-4 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow [&_svg]:size-4"
              >
                <Icon aria-hidden /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
