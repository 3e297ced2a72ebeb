import { Link, useRouteLoaderData } from "react-router";
import { Button } from "./ui/button";

export function NotFound() {
  const root = useRouteLoaderData<{ storeName: string }>("root");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-32 text-center">
      <title>{`Page Not Found | ${root?.storeName ?? "Nocturn"}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-bold font-display text-7xl text-accent">404</p>
      <h1 className="font-bold text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has been moved.</p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
