import { useState } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { LoginForm } from "@/features/auth/components/login-form";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in";
import type { Session } from "@/lib/api-types";
import { NEW_PASSKEY_PATH, safeNextPath } from "@/lib/session";
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
  const onSignedIn = (session: Session) =>
    navigate(session.ask_for_passkey ? NEW_PASSKEY_PATH : safeNextPath(params.get("next")), { replace: true });

  return (
    <AuthShell title="Inloggen" intro={<p>Meld je aan om je website te beheren.</p>}>
      {reason ? (
        <p role="status" className="mt-4 rounded-xl border border-teal/30 bg-teal-soft p-4 text-ink">
          {notices[reason]}
        </p>
      ) : null}
      <div className="mt-6">
        <LoginForm onSignedIn={onSignedIn} />
        <PasskeySignIn onSignedIn={onSignedIn} />
      </div>
      <p className="mt-6 text-sm">
        <Link to="/admin/wachtwoord-vergeten" className="text-link">
          Wachtwoord vergeten?
        </Link>
      </p>
    </AuthShell>
  );
}
