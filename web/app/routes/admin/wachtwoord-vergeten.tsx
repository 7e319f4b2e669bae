import { Link } from "react-router";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { PasswordForgottenForm } from "@/features/auth/components/password-forgotten-form";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Wachtwoord vergeten", path: "/admin/wachtwoord-vergeten", noindex: true });
}

export function HydrateFallback() {
  return null;
}

export default function AdminPasswordForgotten() {
  return (
    <AuthShell
      title="Wachtwoord vergeten?"
      intro={<p>Geen zorgen. Vul het e-mailadres in waarmee je aanmeldt; je krijgt een link om een nieuw wachtwoord te kiezen.</p>}
    >
      <PasswordForgottenForm />
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="text-link">
          Terug naar inloggen
        </Link>
      </p>
    </AuthShell>
  );
}
