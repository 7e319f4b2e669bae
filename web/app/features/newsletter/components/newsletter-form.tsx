import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { InputField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { subscribeToNewsletter } from "@/features/newsletter/api/subscribe";

export const NEWSLETTER_SUCCESS_TITLE = "Ingeschreven!";
export const NEWSLETTER_SUCCESS_DESCRIPTION = "Je bent succesvol ingeschreven voor de nieuwsbrief.";
export const NEWSLETTER_ERROR_TITLE = "Er is iets misgegaan";
export const NEWSLETTER_ERROR_FALLBACK = "Probeer het later opnieuw.";

/** Newsletter signup: idle → submitting ('Bezig...') → idle. */
export function NewsletterForm() {
  const { field, reset, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ firstName: "", email: "" }),
    async submit(v) {
      await subscribeToNewsletter({ firstName: v.firstName.trim(), email: v.email.trim() });
      toast.success(NEWSLETTER_SUCCESS_TITLE, { description: NEWSLETTER_SUCCESS_DESCRIPTION });
      reset();
    },
    onError: (error) =>
      toast.error(NEWSLETTER_ERROR_TITLE, { description: serverMessage(error) ?? NEWSLETTER_ERROR_FALLBACK }),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Inschrijven op de nieuwsbrief" className="max-w-2xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Voornaam" {...field("firstName")} type="text" required autoComplete="given-name" />
        <InputField label="E-mailadres" {...field("email")} type="email" required autoComplete="email" />
      </div>
      <button type="submit" disabled={submitting} className={buttonClasses("primary", "mt-5")}>
        {submitting ? "Bezig..." : "Abonneer"}
      </button>
      <p className="mt-4 text-sm text-ink-soft">
        Je ontvangt eerst een e-mail om je inschrijving te bevestigen. Uitschrijven kan altijd met één klik. Lees hoe we
        met je gegevens omgaan in onze{" "}
        <Link to="/privacy" className="text-link">
          privacyverklaring
        </Link>
        .
      </p>
    </form>
  );
}
