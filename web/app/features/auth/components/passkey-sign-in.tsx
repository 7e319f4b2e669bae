import { KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { adminButton } from "@/components/admin/styles";
import { FormAlert } from "@/components/form/form-alert";
import { signInWithPasskey } from "@/features/auth/api/passkeys";
import { ceremonyMessage, passkeysSupported } from "@/features/auth/lib/webauthn";
import { loginErrorMessage } from "@/features/auth/lib/validate-login";
import type { Session } from "@/lib/api-types";

/** "Sign in with a passkey": the browser offers the passkeys it has for this site. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLParagraphElement>(null);
  if (!passkeysSupported()) return null;

  async function start() {
    setError(null);
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (e) {
      setError(ceremonyMessage(e) ?? loginErrorMessage(e));
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 grid gap-4 border-t border-sand pt-6">
      <FormAlert message={error} ref={alertRef} />
      <button type="button" onClick={() => void start()} disabled={busy} className={adminButton("secondary", "md", "w-full")}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {busy ? "Bezig..." : "Aanmelden met een passkey"}
      </button>
    </div>
  );
}
