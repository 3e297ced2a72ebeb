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

export default function Forbidden() {
  const navigate = useNavigate();

  function goBack() {
    // React Router keeps the position in its history stack in history.state.idx; on a page opened
    // directly (nothing to go back to inside the app) fall back to the home page.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
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
