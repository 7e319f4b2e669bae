import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "@/app.css?url";
import { NavigationSpinner, Spinner } from "@/components/ui/spinner";
import { Toaster } from "@/components/ui/toast";
import { Live } from "@/components/ui/live";
import { EARLY_INPUT_SCRIPT, releaseEarlyInput } from "@/lib/early-input";
import { trackPageView } from "@/lib/visits";
import { wantsIslands } from "@/islands/island";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // One stylesheet file for every page (about 8 KiB compressed), not inlined: the public pages are
  // separate documents, and from the second one on it comes from the cache instead of inside each
  // page's HTML (35 instead of 84 KB for /contact). Its request goes out in parallel with the
  // page's first work, so a phone paints no later (Lighthouse FCP 0.75 s against 0.82 inline).
  { rel: "stylesheet", href: stylesheet },
];

export function Layout({ children }: { children: ReactNode }) {
  // The whole document has hydrated (whichever of App, HydrateFallback or ErrorBoundary it shows).
  useEffect(releaseEarlyInput, []);
  // A page of islands: the build gives it islands/boot.tsx instead of the router (scripts/hydrate-after-paint.mjs).
  const islands = useMatches().some((match) => wantsIslands(match.handle));
  return (
    <html lang="nl-BE" data-islands={islands ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any other script: keeps the clicks made before hydration (see lib/early-input). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />
        <meta name="theme-color" content="#fbf7ef" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-cream text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Scrolls to the top whenever the path changes. Not on the first render: hydration comes after the
 * first paint, and a visitor who has already scrolled the prerendered page must stay where they are.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Counts each page view (the first and every client navigation) with the cookieless beacon. */
function VisitBeacon() {
  const { pathname, search } = useLocation();
  useEffect(trackPageView, [pathname, search]);
  return null;
}

export default function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: 1, refetchOnWindowFocus: false },
        },
      }),
  );
  const navigation = useNavigation();
  const loading = navigation.state === "loading";

  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <VisitBeacon />
      {loading ? <NavigationSpinner /> : null}
      <Outlet />
      <Toaster />
    </QueryClientProvider>
  );
}

/** Shown while the app's JavaScript boots on client-rendered pages. */
export function HydrateFallback() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center py-24">
      <Spinner />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (import.meta.env.DEV || !isRouteErrorResponse(error)) {
    console.error(error);
  }
  return (
    <main id="main" className="container-page flex flex-1 flex-col items-start justify-center py-24">
      <p className="font-serif text-xl text-teal">
        <Live field="brand" />
      </p>
      <h1 className="mt-4 text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">
        Er liep iets onverwachts mis bij het tonen van deze pagina. Probeer het opnieuw, of ga terug naar de
        startpagina.
      </p>
      <Link
        to="/"
        reloadDocument
        className="mt-8 inline-flex rounded-full bg-teal px-6 py-3 font-semibold text-white no-underline hover:bg-teal-dark"
      >
        Terug naar de startpagina
      </Link>
    </main>
  );
}
