import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthShell } from "@/features/auth/components/auth-shell";
import { NewPasswordForm } from "@/features/auth/components/new-password-form";
import type { LinkKind } from "@/features/auth/api/account-links";
import { DEFAULT_ADMIN_PATH, NEW_PASSKEY_PATH } from "@/lib/session";

const texts = {
  reset: {
    title: "Kies een nieuw wachtwoord",
    intro: "Kies een nieuw wachtwoord voor het beheer. Daarna ben je meteen aangemeld; overal anders word je afgemeld.",
  },
  invitation: {
    title: "Welkom in het beheer",
    intro: "Je bent uitgenodigd om mee het beheer te doen. Kies je wachtwoord; daarna ben je meteen aangemeld.",
  },
} as const;

/** The page an e-mailed link opens: the token comes from `?token=`. */
export function LinkPasswordPage({ kind }: { kind: LinkKind }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { title, intro } = texts[kind];
  return (
    <AuthShell title={title} intro={<p>{intro}</p>}>
      {token ? (
        <NewPasswordForm kind={kind} token={token} onDone={(session) => navigate(session.ask_for_passkey ? NEW_PASSKEY_PATH : DEFAULT_ADMIN_PATH, { replace: true })} />
      ) : (
        <p role="alert" className="mt-6 rounded-xl border border-gold/40 bg-gold-soft p-4 text-ink">
          Deze link is niet volledig. Open de link uit je e-mail opnieuw, of{" "}
          <Link to="/admin/wachtwoord-vergeten" className="text-link">
            vraag een nieuwe aan
          </Link>
          .
        </p>
      )}
    </AuthShell>
  );
}
