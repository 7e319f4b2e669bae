import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "@/components/ui/button-link";
import { subscribeToNewsletter } from "@/features/newsletter/api/subscribe";

export const NEWSLETTER_SUCCESS_TITLE = "Ingeschreven!";
export const NEWSLETTER_SUCCESS_DESCRIPTION = "Je bent succesvol ingeschreven voor de nieuwsbrief.";
export const NEWSLETTER_ERROR_TITLE = "Er is iets misgegaan";
export const NEWSLETTER_ERROR_FALLBACK = "Probeer het later opnieuw.";

const inputClass =
  "mt-1 block w-full rounded-xl border border-ink-soft/40 bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-soft/70 focus-visible:border-teal";

/** Newsletter signup: idle → submitting ('Bezig...') → idle. */
export function NewsletterForm() {
  const id = useId();
  const [firstName, setFirstName] = useState("");
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      await subscribeToNewsletter({ firstName: firstName.trim(), email: email.trim() });
      toast.success(NEWSLETTER_SUCCESS_TITLE, { description: NEWSLETTER_SUCCESS_DESCRIPTION });
      setFirstName("");
      setEmail("");
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : NEWSLETTER_ERROR_FALLBACK;
      toast.error(NEWSLETTER_ERROR_TITLE, { description: message });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Inschrijven op de nieuwsbrief" className="max-w-2xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-voornaam`} className="font-medium text-ink">
            Voornaam
          </label>
          <input
            id={`${id}-voornaam`}
            name="firstName"
            type="text"
            required
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="font-medium text-ink">
            E-mailadres
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </div>
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
