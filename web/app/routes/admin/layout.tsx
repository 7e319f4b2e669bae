import { useQueryClient } from "@tanstack/react-query";
import {
  ExternalLink as ExternalLinkIcon,
  LogOut,
  Menu,
  X,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  Link,
  NavLink,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
} from "react-router";
import type { Route } from "./+types/layout";
import { SkipLink } from "@/components/layout/skip-link";
import { Spinner } from "@/components/ui/spinner";
import { site } from "@/config/site";
import { SampleBanner } from "@/features/go-live/components/go-live";
import { adminSections } from "@/lib/admin-sections";
import { adminButton } from "@/components/admin/styles";
import { adminAuth } from "@/lib/admin-auth";
import { apiClient } from "@/lib/api";
import { LOGIN_PATH, loginPathFor } from "@/lib/session";
import {
  getLastClearReason,
  getSession,
  signOut,
  startSessionKeeper,
  useSession,
} from "@/lib/session-store";

// Every /api/admin call made from the admin area carries the coach's token (the public pages
// never load this module, so their bundle stays without the session code).
apiClient.use(adminAuth);

/** Without a session, every admin page sends the coach to the login page first. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getSession()) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}

export function HydrateFallback() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center py-24">
      <Spinner />
    </main>
  );
}

/** Client-rendered admin area behind the session guard; never loaded by public pages. */
export default function AdminLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const onDashboardAlias = location.pathname.replace(/\/$/, "") === "/admin";
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();

  // Refresh the access token shortly before it expires, also right after a reload.
  useEffect(() => startSessionKeeper(), []);

  // The session is gone (signed out here or in another tab, or expired): to the login page.
  useEffect(() => {
    if (session) return;
    queryClient.removeQueries({ queryKey: ["admin"] });
    const target =
      getLastClearReason() === "signed-out"
        ? LOGIN_PATH
        : loginPathFor(`${location.pathname}${location.search}`);
    void navigate(target, { replace: true });
    // Only a change of session decides this; the location at that moment is the one to return to.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: location changes must not re-run it
  }, [session]);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
  }

  if (!session) return <HydrateFallback />;

  return (
    <>
      <SkipLink />
      <header className="border-b border-sand bg-paper">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <Link
            to="/admin/dashboard"
            className="font-serif text-xl font-semibold text-ink no-underline"
          >
            {site.brand} · Beheer
          </Link>
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <p className="hidden text-sm text-ink-soft sm:block">
              Aangemeld als{" "}
              <span className="font-medium text-ink">{session.user.email}</span>
            </p>
            <button
              type="button"
              onClick={onSignOut}
              disabled={signingOut}
              className={adminButton("quiet", "sm")}
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              {signingOut ? "Bezig..." : "Afmelden"}
            </button>
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
              className={adminButton("quiet", "sm", "lg:hidden")}
            >
              {menuOpen ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Menu aria-hidden="true" className="h-4 w-4" />
              )}
              Menu
            </button>
          </div>
        </div>
        <nav
          id={menuId}
          aria-label="Beheermenu"
          className={`${menuOpen ? "block" : "hidden"} border-t border-sand lg:block`}
        >
          <ul className="container-page flex flex-col gap-1 py-2 text-base lg:flex-row lg:flex-wrap lg:text-sm">
            {adminSections.map((s) => (
              <li key={s.to}>
                <NavLink
                  // On /admin (the dashboard's alias) the dashboard link points there, so it is
                  // marked current for screen readers too.
                  to={
                    s.to === "/admin/dashboard" && onDashboardAlias
                      ? "/admin"
                      : s.to
                  }
                  end
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 no-underline ${
                      isActive
                        ? "bg-teal-soft font-semibold text-teal-dark"
                        : "text-ink hover:bg-cream-deep"
                    }`
                  }
                >
                  <s.icon aria-hidden="true" className="h-4 w-4" />
                  {s.label}
                </NavLink>
              </li>
            ))}
            <li className="lg:ml-auto">
              <a
                href="/"
                className="flex items-center gap-2 rounded-md px-3 py-2 text-ink-soft no-underline hover:bg-cream-deep"
              >
                <ExternalLinkIcon aria-hidden="true" className="h-4 w-4" />
                Naar de website
              </a>
            </li>
            <li className="px-3 py-2 text-sm text-ink-soft sm:hidden">
              Aangemeld als{" "}
              <span className="font-medium text-ink">{session.user.email}</span>
            </li>
          </ul>
        </nav>
      </header>
      <SampleBanner />
      {/* Long Dutch words (kennismakingsgesprekken, Transformationele) may break where a phone
          has no room for them, instead of widening the page. */}
      <main
        id="main"
        tabIndex={-1}
        className="container-page flex-1 py-8 wrap-anywhere focus:outline-none sm:py-12"
      >
        <Outlet />
      </main>
    </>
  );
}
