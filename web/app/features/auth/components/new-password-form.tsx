import { KeyRound } from "lucide-react";
import { adminButton } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { setPasswordWithLink, type LinkKind } from "@/features/auth/api/account-links";
import type { Session } from "@/lib/api-types";
import { PASSWORD_MIN_LENGTH, validateNewPassword, type NewPasswordField } from "@/features/auth/lib/validate-login";

/** Chooses a password through an e-mailed link (reset or invitation); signs in on success. */
export function NewPasswordForm({ kind, token, onDone }: { kind: LinkKind; token: string; onDone: (session: Session) => void }) {
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ password: string; repeat: string }, NewPasswordField>({
    initial: () => ({ password: "", repeat: "" }),
    validate: validateNewPassword,
    async submit({ password }) {
      onDone(await setPasswordWithLink(kind, { token, password }));
    },
    failureMessage: (error) => errorMessage(error, "Opslaan lukte niet. Probeer het straks opnieuw."),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Kies je wachtwoord" className="mt-6 grid gap-5">
      <FormAlert message={formError} />
      <InputField
        label="Nieuw wachtwoord"
        {...field("password")}
        type="password"
        autoComplete="new-password"
        hint={`Minstens ${PASSWORD_MIN_LENGTH} tekens. Een zin van een paar woorden is sterk en makkelijk te onthouden.`}
        required
      />
      <InputField label="Herhaal je wachtwoord" {...field("repeat")} type="password" autoComplete="new-password" required />
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "w-full")}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Wachtwoord opslaan"}
      </button>
    </form>
  );
}
