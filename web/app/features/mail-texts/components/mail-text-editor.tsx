import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { InputField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useRestoreMailText } from "@/features/mail-texts/api/restore-mail-text";
import { useSaveMailText } from "@/features/mail-texts/api/save-mail-text";
import { useSendMailTextTest } from "@/features/mail-texts/api/send-mail-text-test";
import { MailTextPreview } from "@/features/mail-texts/components/mail-text-preview";
import type { MailText } from "@/lib/api-types";

interface Values {
  subject: string;
  body: string;
}

type Field = keyof Values;

function validate(values: Values) {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.subject.trim()) errors.subject = "Geef de mail een onderwerp.";
  if (!values.body.trim()) errors.body = "Schrijf de tekst van de mail.";
  return errors;
}

/** One mail's subject and text with its placeholders, a live preview, a test to herself and the way back to the default. */
export function MailTextEditor({ mail }: { mail: MailText }) {
  const save = useSaveMailText();
  const restore = useRestoreMailText();
  const sendTest = useSendMailTextTest();
  const [restoring, setRestoring] = useState(false);
  const { values, field, formError, formRef, submitting, onSubmit } = useForm<Values, Field>({
    initial: () => ({ subject: mail.subject, body: mail.body }),
    validate,
    async submit(input) {
      await save.mutateAsync({ kind: mail.kind, input });
      toast.success("Mailtekst bewaard", { description: "De volgende mail van deze soort gebruikt hem." });
    },
  });

  async function test() {
    try {
      const { to } = await sendTest.mutateAsync({ kind: mail.kind, input: values });
      toast.success("Testmail verstuurd", { description: `Kijk in de mailbox van ${to}.` });
    } catch (e) {
      toast.error("De testmail lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <div className="grid gap-6 @5xl:grid-cols-2">
      <div className="grid content-start gap-6">
        <form ref={formRef} onSubmit={onSubmit} noValidate className={`${cardClass} grid content-start gap-5`}>
          <FormAlert message={formError} />
          <InputField label="Onderwerp" {...field("subject")} type="text" autoComplete="off" maxLength={200} />
          <TextareaField
            label="Tekst"
            {...field("body")}
            hint="Een lege regel begint een nieuwe alinea. **vet** maakt iets vet, [tekst](https://…) of [tekst]({invulplek}) maakt een link."
            rows={14}
            controlClassName="font-mono text-sm"
          />
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => setRestoring(true)}
              disabled={!mail.customised}
              className={adminButton("quiet")}
            >
              Terug naar standaardtekst
            </button>
            <button type="button" onClick={() => void test()} disabled={sendTest.isPending} className={adminButton("secondary")}>
              {sendTest.isPending ? "Bezig..." : "Stuur een test naar mezelf"}
            </button>
            <button type="submit" disabled={submitting} className={adminButton("primary")}>
              {submitting ? "Bezig..." : "Opslaan"}
            </button>
          </div>
        </form>
        <section aria-labelledby="placeholders-title" className={cardClass}>
          <h2 id="placeholders-title" className="text-xl">
            Invulplekken
          </h2>
          <p className="mt-1 text-ink-soft">Schrijf ze met de accolades erbij; de site vult ze in voor elke bezoeker.</p>
          <dl className="mt-4 grid gap-3">
            {mail.placeholders.map((p) => (
              <div key={p.name}>
                <dt>
                  <code className="rounded bg-cream-deep px-1.5 py-0.5 text-sm">{`{${p.name}}`}</code>
                  {p.required ? <span className="ml-2 text-sm font-semibold text-ink">verplicht</span> : null}
                </dt>
                <dd className="text-ink-soft">
                  {p.description}, bijvoorbeeld ‘{p.sample}’.
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <MailTextPreview kind={mail.kind} subject={values.subject} body={values.body} />
      <ConfirmDialog
        open={restoring}
        title="Terug naar de standaardtekst?"
        confirmLabel="Standaardtekst terugzetten"
        onCancel={() => setRestoring(false)}
        onConfirm={async () => {
          try {
            await restore.mutateAsync(mail.kind);
            toast.success("De standaardtekst staat terug");
          } catch (e) {
            toast.error("Terugzetten lukte niet", { description: errorMessage(e) });
          } finally {
            setRestoring(false);
          }
        }}
      >
        Je eigen tekst voor deze mail verdwijnt; de volgende mail gebruikt weer de standaardtekst.
      </ConfirmDialog>
    </div>
  );
}
