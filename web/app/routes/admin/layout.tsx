import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import {
  Link,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
} from "react-router";
import type { Route } from "./+types/layout";
import { SkipLink } from "@/components/layout/skip-link";
import { Spinner } from "@/components/ui/spinner";
import { site } from "@/config/site";
import { AdminSearch } from "@/features/admin-search/components/admin-search";
import { SampleBanner } from "@/features/go-live/components/go-live";
import { AdminMenu } from "@/features/today/components/admin-menu";
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
  const toggleRef = useRef<HTMLButtonElement>(null);

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

  // Escape closes the phone's menu sheet, back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    function onKey(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

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
          <AdminSearch />
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
              ref={toggleRef}
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
          <AdminMenu onDashboardAlias={onDashboardAlias} email={session.user.email} />
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
