import { Send } from "lucide-react";
import { useState } from "react";
import { adminButton } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { askPasswordReset } from "@/features/auth/api/account-links";
import { EMAIL_PATTERN, tooOftenMessage } from "@/features/auth/lib/validate-login";

/** Asks for a reset link; says the same whether or not the address has an account. */
export function PasswordForgottenForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ email: string }, "email">({
    initial: () => ({ email: "" }),
    validate: ({ email }) => {
      const trimmed = email.trim();
      if (!trimmed) return { email: "Vul je e-mailadres in." };
      return EMAIL_PATTERN.test(trimmed) ? {} : { email: "Dit lijkt geen geldig e-mailadres. Kijk het even na." };
    },
    async submit({ email }) {
      await askPasswordReset(email.trim());
      setSentTo(email.trim());
    },
    failureMessage: (error) =>
      tooOftenMessage(error, "Je vroeg al een paar keer een nieuwe link aan.") ??
      errorMessage(error, "Versturen lukte niet. Probeer het straks opnieuw."),
  });

  if (sentTo) {
    return (
      <p role="status" className="mt-6 rounded-xl border border-teal/30 bg-teal-soft p-4 text-ink">
        Hoort er een beheerdersaccount bij {sentTo}? Dan staat er nu een e-mail met een link naar je onderweg. De link werkt één
        keer en één uur lang. Niets gekregen? Kijk ook even bij je ongewenste e-mail.
      </p>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Wachtwoord vergeten" className="mt-6 grid gap-5">
      <FormAlert message={formError} />
      <InputField label="E-mailadres" {...field("email")} type="email" autoComplete="username" required />
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "w-full")}>
        <Send aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Stuur me een link"}
      </button>
    </form>
  );
}
