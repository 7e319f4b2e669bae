import { useId } from "react";
import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { CheckboxField, InputField, SelectField, TextareaField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { Message, toastLine } from "@/components/form/client-messages";
import { buttonClasses } from "@/components/ui/button-link";
import { sendContactMessage } from "@/features/contact/api/send-message";
import { CONTACT_SUBJECTS, MAX_MESSAGE_CHARS } from "@/features/contact/lib/subjects";

export const CONTACT_SUCCESS_TITLE = "Bericht verstuurd!";
export const CONTACT_ERROR_TITLE = "Er is iets misgegaan";
const FALLBACK = "Probeer het later opnieuw.";

/** What the form says after the API answered (toasts): her words too. */
const texts = {
  success: { name: "contact.form.success", text: CONTACT_SUCCESS_TITLE },
  error: { name: "shared.form.error", text: CONTACT_ERROR_TITLE },
  errorText: { name: "shared.form.error-text", text: FALLBACK },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
} satisfies Record<string, LaterBlock>;

const empty = { name: "", email: "", phone: "", subject: "", message: "", privacy_consent: false, website: "" };

/** The contact form, with toasts like the newsletter form: idle → 'Bezig...' → idle. */
export function ContactForm() {
  const id = useId();
  const { values, set, field, reset, errors, formRef, submitting, onSubmit } = useForm({
    initial: () => empty,
    async submit(v) {
      const result = await sendContactMessage({
        name: v.name.trim(),
        email: v.email.trim(),
        phone: v.phone.trim() || null,
        subject: CONTACT_SUBJECTS.find((s) => s.value === v.subject)?.value,
        message: v.message.trim(),
        privacy_consent: v.privacy_consent,
        website: v.website,
      });
      toast.success(<Later block={texts.success} />, { description: <Message>{result.message}</Message> });
      reset();
    },
    onError: (error) =>
      toast.error(<Later block={texts.error} />, { description: toastLine(texts.errorText, serverMessage(error)) }),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Contactformulier" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={<Block name="contact.form.name">Naam</Block>} {...field("name")} type="text" required maxLength={100} autoComplete="name" />
        <InputField label={<Block name="contact.form.email">E-mailadres</Block>} {...field("email")} type="email" required autoComplete="email" />
        <InputField label={<Block name="contact.form.phone">Telefoonnummer</Block>} optional {...field("phone")} type="tel" autoComplete="tel" />
        <SelectField label={<Block name="contact.form.subject">Onderwerp</Block>} {...field("subject")} required>
          <option value="">Kies een onderwerp</option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField
        label={<Block name="contact.form.message">Je bericht</Block>}
        {...field("message")}
        hint={
          <>
            <Block name="contact.form.limit">{`Hoogstens ${MAX_MESSAGE_CHARS} tekens`}</Block> (
            <span data-from="teller">{values.message.length}</span> <Block name="contact.form.used">gebruikt</Block>).
          </>
        }
        required
        rows={6}
        maxLength={MAX_MESSAGE_CHARS}
      />
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
      <CheckboxField
        required
        checked={values.privacy_consent}
        onChange={(checked) => set("privacy_consent", checked)}
        error={errors.privacy_consent}
      >
        <Block name="contact.form.consent">
          Ik ga akkoord dat mijn gegevens gebruikt worden om mijn bericht te beantwoorden (zie de{" "}
          <Link to="/privacy" className="text-link">
            privacyverklaring
          </Link>
          ).
        </Block>
      </CheckboxField>
      <LaterBlocks blocks={Object.values(texts)} />
      <div>
        <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
          {submitting ? <Block name="shared.form.busy">Bezig...</Block> : <Block name="contact.form.button">Verstuur bericht</Block>}
        </button>
      </div>
    </form>
  );
}
