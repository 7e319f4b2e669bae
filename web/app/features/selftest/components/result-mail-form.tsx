import { useState } from "react";
import { CheckboxField, InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { Later, laterText, type LaterBlock } from "@/components/ui/block";
import { buttonClasses } from "@/components/ui/button-link";
import { mailSelfTestResult } from "@/features/selftest/api/mail-result";

export const mailTexts = {
  title: { name: "zelftest.mail.title", text: "Je resultaat in je mailbox" },
  intro: {
    name: "zelftest.mail.intro",
    text: "Wil je je resultaat bewaren? Laat je e-mailadres achter. Je krijgt eerst een mail om je adres te bevestigen; pas daarna sturen we je resultaat.",
  },
  email: { name: "zelftest.mail.email", text: "E-mailadres" },
  newsletter: {
    name: "zelftest.mail.newsletter",
    text: "Stuur me ook de nieuwsbrief, met inzichten en nieuwe data (uitschrijven kan altijd).",
  },
  button: { name: "zelftest.mail.button", text: "Mail mij mijn resultaat", label: true },
  busy: { name: "zelftest.mail.busy", text: "Bezig...", label: true },
  failed: { name: "zelftest.mail.failed", text: "Dat lukte niet. Probeer het zo opnieuw." },
  pending: {
    name: "zelftest.mail.pending",
    text: "We wachten nog op je bevestiging: klik op de link in de mail die we je stuurden.",
  },
  confirmed: { name: "zelftest.mail.confirmed", text: "Je resultaat is naar je gemaild." },
} satisfies Record<string, LaterBlock>;

/** Receiving the result by mail: only the address, and a separate, unticked box for the newsletter. */
export function ResultMailForm({ token, mail }: { token: string; mail: "none" | "pending" | "confirmed" }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const { values, set, field, formRef, submitting, onSubmit, formError } = useForm({
    initial: () => ({ email: "", newsletter: false }),
    async submit(v) {
      const sent = await mailSelfTestResult(token, v.email.trim(), v.newsletter);
      setAnswer(sent.message);
    },
    failureMessage: (error) => serverMessage(error) ?? laterText(mailTexts.failed),
  });

  return (
    <section aria-labelledby="resultaat-per-mail" className="rounded-2xl border border-sand bg-cream-deep p-6 sm:p-8">
      <Later block={mailTexts.title} as="h2" id="resultaat-per-mail" className="text-2xl" />
      {mail === "confirmed" ? (
        <Later block={mailTexts.confirmed} as="p" className="mt-2 text-lg text-ink-soft" />
      ) : (
        <>
          <Later block={mailTexts.intro} as="p" className="mt-2 text-lg text-ink-soft" />
          {mail === "pending" && !answer ? <Later block={mailTexts.pending} as="p" className="mt-2 text-ink-soft" /> : null}
          {answer ? (
            <p role="status" data-from="server" className="mt-6 rounded-xl bg-teal-soft p-4 font-medium text-ink">
              {answer}
            </p>
          ) : (
            <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
              <FormAlert message={formError} />
              <InputField
                label={<Later block={mailTexts.email} />}
                {...field("email")}
                type="email"
                required
                autoComplete="email"
              />
              <CheckboxField checked={values.newsletter} onChange={(checked) => set("newsletter", checked)}>
                <Later block={mailTexts.newsletter} />
              </CheckboxField>
              <div>
                <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
                  {submitting ? <Later block={mailTexts.busy} /> : <Later block={mailTexts.button} />}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
