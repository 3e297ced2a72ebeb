import {
  LayoutDashboardIcon,
  LogOutIcon,
  type LucideIcon,
  PackageIcon,
  PanelLeftCloseIcon,
  PanelLeftOpenIcon,
  PercentIcon,
  ReceiptIcon,
  ShoppingBagIcon,
  TicketPercentIcon,
  Undo2Icon,
} from "lucide-react";
import { useId, useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { requireAdmin } from "../../../server/auth/guards";
import { countWaitingReturns } from "../../../server/returns/admin-returns";
import type { Route } from "./+types/admin-layout";

/** Remembers the collapsed sidebar across pages; read on the server so the first paint is right. */
const SIDEBAR_COOKIE = "nocturn_admin_sidebar";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  // every admin child loader and action checks again: a parent layout loader does not guard child actions
  requireAdmin(context, url);
  const cookies = request.headers.get("Cookie") ?? "";
  return {
    collapsed: new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=collapsed(?:;|$)`).test(cookies),
    waitingReturns: await waitingReturns(context),
  };
}

/** The sidebar's badge; without it (the database did not answer) every admin page still works. */
async function waitingReturns(context: Route.LoaderArgs["context"]): Promise<number | null> {
  try {
    return await countWaitingReturns(context.db);
  } catch (error) {
    context.log.warn({ err: error }, "waiting returns not counted");
    return null;
  }
}

interface AdminLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths on which this link is the current one. */
  alsoCurrentOn?: string[];
}

const LINKS: AdminLink[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboardIcon },
  // the admin index shows the product manager (docs/SPEC.md#routes)
  { to: "/admin/products", label: "Products", icon: PackageIcon, alsoCurrentOn: ["/admin"] },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBagIcon },
  { to: "/admin/returns", label: "Returns", icon: Undo2Icon },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercentIcon },
  { to: "/admin/receipts", label: "Receipts", icon: ReceiptIcon },
  { to: "/admin/tax-rates", label: "Tax rates", icon: PercentIcon },
];

function isCurrent(link: AdminLink, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === link.to || path.startsWith(`${link.to}/`) || Boolean(link.alsoCurrentOn?.includes(path));
}

const linkClass = (current: boolean, collapsed: boolean) =>
  cn(
    "relative flex h-10 items-center gap-2 whitespace-nowrap rounded-md font-medium text-sm transition-colors lg:gap-3",
    collapsed ? "justify-center px-0" : "px-2 lg:px-3",
    current
      ? "bg-secondary text-foreground shadow-[inset_3px_0_0_var(--color-accent)]"
      : "text-muted-foreground hover:bg-secondary/60 hover:text-foreground",
  );

/** How many returns wait for an admin, beside "Returns"; a dot on the icon when the sidebar is collapsed. */
function WaitingBadge({ count, collapsed }: { count: number; collapsed: boolean }) {
  const label = count > 99 ? "99+" : String(count);
  return (
    <span
      className={cn(
        "rounded-full bg-amber-400/20 px-1.5 font-semibold text-[11px] text-amber-200 tabular-nums leading-5",
        collapsed ? "absolute top-0.5 right-0.5 px-1 leading-4" : "ml-auto",
      )}
    >
      {label}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(loaderData.collapsed);
  const { pathname } = useLocation();
  const navId = useId();

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the loader above
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "expanded"}; Path=/admin; Max-Age=31536000; SameSite=Lax`;
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:gap-8 lg:py-10">
      <aside
        className={cn(
          "shrink-0 transition-[width] duration-200 motion-reduce:transition-none",
          collapsed ? "lg:w-14" : "lg:w-52",
        )}
      >
        <div className="rounded-xl border bg-card/60 p-2 lg:sticky lg:top-24">
          <div
            className={cn(
              "flex items-center justify-between gap-2 pb-2 lg:mb-2 lg:border-b",
              collapsed && "lg:justify-center",
            )}
          >
            <span
              className={cn(
                "px-2 font-semibold text-muted-foreground text-xs uppercase tracking-widest",
                collapsed && "lg:sr-only",
              )}
            >
              Admin
            </span>
            <button
              type="button"
              onClick={toggle}
              aria-expanded={!collapsed}
              aria-controls={navId}
              aria-label="Toggle sidebar"
              title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
              className="flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-secondary hover:text-foreground"
            >
              {collapsed ? (
                <PanelLeftOpenIcon className="size-4" aria-hidden />
              ) : (
                <PanelLeftCloseIcon className="size-4" aria-hidden />
              )}
            </button>
          </div>
          <nav id={navId} aria-label="Admin">
            {/* below lg every section and Logout stay in view: a grid of labelled links, or
                collapsed, one row of icons; from lg up a column beside the page */}
            <ul
              className={cn(
                "grid gap-1 lg:flex lg:flex-col",
                collapsed ? "grid-cols-8" : "grid-cols-3 sm:grid-cols-4",
              )}
            >
              {LINKS.map((link) => {
                const current = isCurrent(link, pathname);
                const Icon = link.icon;
                return (
                  <li key={link.to} className="min-w-0">
                    <Link
                      to={link.to}
                      aria-current={current ? "page" : undefined}
                      title={collapsed ? link.label : undefined}
                      className={linkClass(current, collapsed)}
                    >
                      <Icon className={cn("size-4 shrink-0", current && "text-accent")} aria-hidden />
                      <span className={cn(collapsed && "sr-only")}>{link.label}</span>
                      {link.to === "/admin/returns" && loaderData.waitingReturns ? (
                        <WaitingBadge count={loaderData.waitingReturns} collapsed={collapsed} />
                      ) : null}
                    </Link>
                  </li>
                );
              })}
              <li className="min-w-0 lg:mt-2 lg:border-t lg:pt-2">
                {/* a full page load: the session cookie goes, and every cached admin view with it */}
                <Link
                  to="/logout"
                  reloadDocument
                  title={collapsed ? "Logout" : undefined}
                  className={linkClass(false, collapsed)}
                >
                  <LogOutIcon className="size-4 shrink-0" aria-hidden />
                  <span className={cn(collapsed && "sr-only")}>Logout</span>
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
