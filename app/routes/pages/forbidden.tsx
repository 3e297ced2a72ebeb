import { ArrowLeftIcon, HouseIcon, ShieldAlertIcon } from "lucide-react";
import { data, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/forbidden";

export function loader() {
  return data(null, { status: 403 });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Access Denied",
    description: "This area is restricted to administrators only.",
    noIndex: true,
  });
}

/**
 * Whether the previous history entry is a page of this store. The Navigation API lists only this
 * origin's entries of the tab, so it also knows when /admin was typed or followed from a bookmark
 * and answered with a redirect here. Without it: React Router numbers the entries it pushed in
 * history.state.idx, and a freshly loaded page falls back on a same-site referrer.
 */
function hasHistoryInSite(): boolean {
  const navigation = (window as { navigation?: { canGoBack: boolean } }).navigation;
  if (navigation) return navigation.canGoBack;
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) return true;
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export default function Forbidden() {
  const navigate = useNavigate();

  function goBack() {
    if (hasHistoryInSite()) navigate(-1);
    else navigate("/");
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="flex size-16 items-center justify-center rounded-full border bg-card">
        <ShieldAlertIcon className="size-7 text-accent" aria-hidden />
      </span>
      <p className="mt-6 font-semibold text-accent text-xs uppercase tracking-[0.3em]">Error 403</p>
      <h1 className="mt-3 font-bold text-4xl sm:text-5xl">Access Denied</h1>
      <p className="mt-5 text-lg text-muted-foreground leading-relaxed">
        You don't have permission to access this page. This area is restricted to administrators only.
      </p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button type="button" variant="outline" size="lg" onClick={goBack}>
          <ArrowLeftIcon aria-hidden /> Go Back
        </Button>
        <Button asChild size="lg">
          <Link to="/">
            <HouseIcon aria-hidden /> Go Home
          </Link>
        </Button>
      </div>
    </section>
  );
}
