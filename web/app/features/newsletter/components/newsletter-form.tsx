import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { InputField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { toastLine } from "@/components/form/client-messages";
import { buttonClasses } from "@/components/ui/button-link";
import { subscribeToNewsletter } from "@/features/newsletter/api/subscribe";

export const NEWSLETTER_SUCCESS_TITLE = "Ingeschreven!";
export const NEWSLETTER_SUCCESS_DESCRIPTION = "Je bent succesvol ingeschreven voor de nieuwsbrief.";
export const NEWSLETTER_ERROR_TITLE = "Er is iets misgegaan";
export const NEWSLETTER_ERROR_FALLBACK = "Probeer het later opnieuw.";

/** What the form says after the API answered (toasts): her words too. */
const texts = {
  success: { name: "shared.newsletter.success", text: NEWSLETTER_SUCCESS_TITLE },
  successText: { name: "shared.newsletter.success-text", text: NEWSLETTER_SUCCESS_DESCRIPTION },
  error: { name: "shared.form.error", text: NEWSLETTER_ERROR_TITLE },
  errorText: { name: "shared.form.error-text", text: NEWSLETTER_ERROR_FALLBACK },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
} satisfies Record<string, LaterBlock>;

/** Newsletter signup: idle → submitting ('Bezig...') → idle. */
export function NewsletterForm() {
  const { field, reset, formRef, submitting, onSubmit } = useForm({
    initial: () => ({ firstName: "", email: "" }),
    async submit(v) {
      await subscribeToNewsletter({ firstName: v.firstName.trim(), email: v.email.trim() });
      toast.success(<Later block={texts.success} />, { description: <Later block={texts.successText} /> });
      reset();
    },
    onError: (error) =>
      toast.error(<Later block={texts.error} />, { description: toastLine(texts.errorText, serverMessage(error)) }),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Inschrijven op de nieuwsbrief" className="max-w-2xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={<Block name="shared.newsletter.first-name">Voornaam</Block>} {...field("firstName")} type="text" required autoComplete="given-name" />
        <InputField label={<Block name="shared.newsletter.email">E-mailadres</Block>} {...field("email")} type="email" required autoComplete="email" />
      </div>
      <button type="submit" disabled={submitting} className={buttonClasses("primary", "mt-5")}>
        {submitting ? <Block name="shared.form.busy">Bezig...</Block> : <Block name="shared.newsletter.button">Abonneer</Block>}
      </button>
      <Block name="shared.newsletter.note" as="p" className="mt-4 text-sm text-ink-soft">
        Je ontvangt eerst een e-mail om je inschrijving te bevestigen. Uitschrijven kan altijd met één klik. Lees hoe we
        met je gegevens omgaan in onze{" "}
        <Link to="/privacy" className="text-link">
          privacyverklaring
        </Link>
        .
      </Block>
      <p className="mt-2 text-sm text-ink-soft">
        <Block name="shared.newsletter.archive-lead">Benieuwd hoe zo'n mail eruitziet? Lees eerdere nieuwsbrieven in het</Block>{" "}
        {/* Made by the server, not the app: a full page load. */}
        <a href="/nieuwsbrief/archief" className="text-link">
          <Block name="shared.newsletter.archive-link">nieuwsbrief-archief</Block>
        </a>
        .
      </p>
      <LaterBlocks blocks={Object.values(texts)} />
    </form>
  );
}
