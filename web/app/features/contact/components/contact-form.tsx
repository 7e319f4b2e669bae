import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "@/components/ui/button-link";
import { sendContactMessage } from "@/features/contact/api/send-message";
import { CONTACT_SUBJECTS, MAX_MESSAGE_CHARS } from "@/features/contact/lib/subjects";

export const CONTACT_SUCCESS_TITLE = "Bericht verstuurd!";
export const CONTACT_ERROR_TITLE = "Er is iets misgegaan";
const FALLBACK = "Probeer het later opnieuw.";

const inputClass =
  "mt-1 block w-full rounded-xl border border-ink-soft/40 bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-soft/70 focus-visible:border-teal";

const empty = { name: "", email: "", phone: "", subject: "", message: "", consent: false, website: "" };

/** The contact form, with toasts like the newsletter form: idle → 'Bezig...' → idle. */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [submitting, setSubmitting] = useState(false);
  const set = (key: keyof typeof empty, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const result = await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        subject: CONTACT_SUBJECTS.find((s) => s.value === values.subject)?.value,
        message: values.message.trim(),
        privacy_consent: values.consent,
        website: values.website,
      });
      toast.success(CONTACT_SUCCESS_TITLE, { description: result.message });
      setValues(empty);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : FALLBACK;
      toast.error(CONTACT_ERROR_TITLE, { description: message });
    } finally {
      setSubmitting(false);
    }
  }

  const label = "font-medium text-ink";
  return (
    <form onSubmit={onSubmit} aria-label="Contactformulier" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-naam`} className={label}>
            Naam
          </label>
          <input
            id={`${id}-naam`}
            type="text"
            required
            maxLength={100}
            autoComplete="name"
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            E-mailadres
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            autoComplete="email"
            value={values.email}
            onChange={(e) => set("email", e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-telefoon`} className={label}>
            Telefoonnummer <span className="font-normal text-ink-soft">(optioneel)</span>
          </label>
          <input
            id={`${id}-telefoon`}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set("phone", e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-onderwerp`} className={label}>
            Onderwerp
          </label>
          <select
            id={`${id}-onderwerp`}
            required
            value={values.subject}
            onChange={(e) => set("subject", e.target.value)}
            className={inputClass}
          >
            <option value="">Kies een onderwerp</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-bericht`} className={label}>
          Je bericht
        </label>
        <textarea
          id={`${id}-bericht`}
          required
          rows={6}
          maxLength={MAX_MESSAGE_CHARS}
          value={values.message}
          aria-describedby={`${id}-bericht-hint`}
          onChange={(e) => set("message", e.target.value)}
          className={inputClass}
        />
        <p id={`${id}-bericht-hint`} className="mt-1 text-sm text-ink-soft">
          Hoogstens {MAX_MESSAGE_CHARS} tekens ({values.message.length} gebruikt).
        </p>
      </div>
      {/* Honeypot: off-screen and skipped by keyboard and screen readers; only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Laat dit veld leeg</label>
        <input
          id={`${id}-website`}
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => set("website", e.target.value)}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-privacy`}
          type="checkbox"
          required
          checked={values.consent}
          onChange={(e) => set("consent", e.target.checked)}
          className="mt-1 h-5 w-5 accent-teal"
        />
        <label htmlFor={`${id}-privacy`} className="text-ink">
          Ik ga akkoord dat mijn gegevens gebruikt worden om mijn bericht te beantwoorden (zie de{" "}
          <Link to="/privacy" className="text-link">
            privacyverklaring
          </Link>
          ).
        </label>
      </div>
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? "Bezig..." : "Verstuur bericht"}
        </button>
      </div>
    </form>
  );
}
