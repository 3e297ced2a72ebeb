import { LockIcon, PackageIcon, UserRoundIcon } from "lucide-react";
import { Outlet, redirect, useLocation, useNavigate } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
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

const TABS = ["profile", "orders", "settings"] as const;
type Tab = (typeof TABS)[number];

const TAB_URLS: Record<Tab, string> = {
  profile: "/account",
  orders: "/account/orders",
  settings: "/account/settings",
};

function tabOf(pathname: string): Tab {
  const last = pathname.replace(/\/+$/, "").split("/").pop();
  return last === "orders" || last === "settings" ? last : "profile";
}

/**
 * The account page's frame: who is signed in, and a tab per child route (profile, orders,
 * settings), each with its own loader and action. Only the session's own user is ever read.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const { user } = requireUser(context, url);
  // the tabs' addresses before each had its own route: /account?tab=settings, ?tab=orders
  const tab = url.searchParams.get("tab");
  if (url.pathname.replace(/\/+$/, "") === "/account" && (tab === "orders" || tab === "settings")) {
    throw redirect(TAB_URLS[tab]);
  }
  return { name: user.name, email: user.email };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.pathname);
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
      <Tabs
        value={tab}
        onValueChange={(value) =>
          navigate(TAB_URLS[value as Tab], { replace: true, preventScrollReset: true })
        }
      >
        <TabsList>
          <TabsTrigger value="profile">
            <UserRoundIcon /> Profile
          </TabsTrigger>
          <TabsTrigger value="orders">
            <PackageIcon /> Orders
          </TabsTrigger>
          <TabsTrigger value="settings">
            <LockIcon /> Settings
          </TabsTrigger>
        </TabsList>
        {/* the selected tab's panel holds the child route; the others render nothing */}
        {TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === tab && <Outlet />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
