import { useState } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { SkipLink } from "@/components/layout/skip-link";
import { site } from "@/config/site";
import { cardClass } from "@/components/admin/styles";
import { LoginForm } from "@/features/auth/components/login-form";
import { safeNextPath } from "@/lib/session";
import { getLastClearReason, getSession } from "@/lib/session-store";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Inloggen", path: "/admin/login", noindex: true });
}

/** Already signed in: straight on to where the coach wanted to go. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (getSession()) {
    throw redirect(safeNextPath(new URL(request.url).searchParams.get("next")));
  }
  return null;
}

export function HydrateFallback() {
  return null;
}

const notices = {
  expired: "Je sessie is verlopen. Meld je opnieuw aan om verder te werken.",
  "signed-out": "Je bent afgemeld. Tot de volgende keer!",
} as const;

export default function AdminLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [reason] = useState(getLastClearReason);

  return (
    <>
      <SkipLink />
      <header className="border-b border-sand bg-paper">
        <div className="container-page py-4">
          <p className="font-serif text-xl font-semibold text-ink">{site.brand} · Beheer</p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page flex flex-1 items-start justify-center py-12 focus:outline-none sm:py-20">
        <div className={`${cardClass} w-full max-w-md`}>
          <h1 className="text-3xl">Inloggen</h1>
          <p className="mt-2 text-ink-soft">Meld je aan om je website te beheren.</p>
          {reason ? (
            <p role="status" className="mt-4 rounded-xl border border-teal/30 bg-teal-soft p-4 text-ink">
              {notices[reason]}
            </p>
          ) : null}
          <div className="mt-6">
            <LoginForm
              onSignedIn={() => navigate(safeNextPath(params.get("next")), { replace: true })}
            />
          </div>
          <p className="mt-6 text-sm text-ink-soft">
            <Link to="/" className="text-link">
              Terug naar de website
            </Link>
          </p>
        </div>
      </main>
    </>
  );
}
