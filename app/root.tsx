import textFontUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import displayFontUrl from "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "~/components/layout/toaster";
import { toast } from "~/lib/toast";
import { isAdmin } from "../server/auth/guards";
import type { FlashToast as FlashToastData } from "../server/http/flash";
import { taxMode } from "../server/tax/tax-rates";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { NotFound } from "./components/not-found-panel";
import { ProductNavigationSkeleton } from "./components/product-skeleton";
import { Button } from "./components/ui/button";
import { Stylesheet } from "./lib/inline-stylesheet";
import { useNonce } from "./lib/nonce";
import { isStandalonePage } from "./lib/route-handle";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clear } = await context.flash.take(request);
  const user = context.session?.user;
  return data(
    {
      storeName: context.config.storeName,
      publicUrl: context.config.publicUrl,
      // dates are written in the store's locale and zone on both sides (useDateFormat)
      locale: context.config.locale,
      timeZone: context.config.timeZone,
      // prices are written in the store's currency on both sides (useMoney)
      currency: context.config.currency,
      user: user ? { name: user.name, email: user.email, isAdmin: isAdmin(context.session) } : null,
      toast,
      paymentTestMode: context.payments.isTestMode,
      // whether prices include VAT: public, the same for every visitor (useTaxMode)
      taxMode: taxMode(context.config),
      // who the seller is: public by law (footer, legal notice)
      seller: context.config.seller,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Shows a toast handed over from the previous request (e.g. after signing in). */
function FlashToast({ toast: flash }: { toast: FlashToastData | null | undefined }) {
  useEffect(() => {
    if (!flash) return;
    if (flash.kind === "error") toast.error(flash.text);
    else if (flash.kind === "info") toast.info(flash.text);
    else toast.success(flash.text);
  }, [flash]);
  return null;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The two faces of the first screen's text, in the Latin subset every page uses (app.css names
  // the same files). Found in the stylesheet, they would be asked for only once the first layout
  // needs them: the text would wait for them and be laid out again when they came.
  ...[textFontUrl, displayFontUrl].map((href) => ({
    rel: "preload",
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
    href,
  })),
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const storeName = rootData?.storeName ?? "Nocturn";
  // a page such as the test checkout's stands on its own, as a payment provider's would
  const standalone = isStandalonePage(useMatches());
  return (
    <html lang="en" className="dark">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a0a0b" />
        <Meta />
        <Stylesheet href={stylesheetUrl} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {rootData?.paymentTestMode && (
          <p
            className="truncate bg-amber-400 px-4 py-1.5 text-center font-medium text-black text-xs print:hidden"
            data-testid="test-mode-banner"
          >
            {/* one line on a phone: the short text there, the full one from sm up */}
            <span className="sm:hidden">Test mode: no real payments. Card 4242 4242 4242 4242</span>
            <span className="hidden sm:inline">
              Test mode: this store takes no real payments. Pay with the test card 4242 4242 4242 4242.
            </span>
          </p>
        )}
        {!standalone && <SiteHeader storeName={storeName} user={rootData?.user ?? null} />}
        <main id="main" className="flex-1">
          {children}
        </main>
        {!standalone && (
          <SiteFooter storeName={storeName} seller={rootData?.seller ?? null} user={rootData?.user ?? null} />
        )}
        <Toaster />
        <FlashToast toast={rootData?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // lets browser tests (and scripts) wait until the page is interactive
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <ProductNavigationSkeleton />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-32 text-center">
      <title>Something Went Wrong</title>
      <h1 className="font-bold text-3xl">Something Went Wrong</h1>
      <p className="text-muted-foreground">An unexpected error occurred. Please try again.</p>
      <Button asChild>
        <Link to="/">Go Home</Link>
      </Button>
    </section>
  );
}
