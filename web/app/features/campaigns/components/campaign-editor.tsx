import { useRef, useState, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { CheckboxField, InputField, SelectField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useAudiences } from "@/features/campaigns/api/list-audiences";
import { useSaveCampaign } from "@/features/campaigns/api/save-campaign";
import { CampaignPreview } from "@/features/campaigns/components/campaign-preview";
import { CampaignSendPanel } from "@/features/campaigns/components/campaign-sending";
import { AUDIENCES, audienceLabel } from "@/features/campaigns/lib/campaign-labels";
import type { Audience, Campaign, CampaignInput } from "@/lib/api-types";

interface Values {
  subject: string;
  preheader: string;
  body: string;
  audience: Audience;
  audience_id: string;
  service_message: boolean;
}

type Field = keyof Values;

const EXAMPLE = `## Een warme groet

Schrijf hier je nieuwsbrief. Een lege regel begint een nieuwe alinea.

- Een opsomming begint met een streepje
- [Een link](https://www.inlumine.be/vertelavond) zet je tussen haakjes
`;

function toValues(campaign: Campaign | null): Values {
  return {
    subject: campaign?.subject ?? "",
    preheader: campaign?.preheader ?? "",
    body: campaign?.body ?? EXAMPLE,
    audience: campaign?.audience ?? "all",
    audience_id: campaign?.audience_id ? String(campaign.audience_id) : "",
    service_message: campaign?.service_message ?? false,
  };
}

function toInput(values: Values): CampaignInput {
  const segment = values.audience !== "all";
  return {
    subject: values.subject,
    preheader: values.preheader,
    body: values.body,
    audience: values.audience,
    audience_id: segment && values.audience_id ? Number(values.audience_id) : null,
    service_message: segment && values.service_message,
  };
}

function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.subject.trim()) errors.subject = "Geef de nieuwsbrief een onderwerp.";
  if (!values.body.trim()) errors.body = "Schrijf de tekst van de nieuwsbrief.";
  if (values.audience !== "all" && !values.audience_id) errors.audience_id = "Kies voor wie.";
  return errors;
}

/** A control that inserts Markdown where the cursor is (the route gives the media library's photo picker). */
export type InsertControl = (insert: (markdown: string) => void) => ReactNode;

interface CampaignEditorProps {
  campaign: Campaign | null;
  onSaved: (campaign: Campaign) => void;
  insertPhoto?: InsertControl;
}

/** The values as the server stores them (texts trimmed), to tell whether what is on screen is saved. */
function stored(values: Values): string {
  const trimmed = { ...values, subject: values.subject.trim(), preheader: values.preheader.trim(), body: values.body.trim() };
  return JSON.stringify(toInput(trimmed));
}

function sameAsSaved(values: Values, saved: Campaign | null): boolean {
  return saved !== null && stored(values) === stored(toValues(saved));
}

/**
 * Write or edit a draft: subject, preheader, audience and the Markdown body, with the mail's preview
 * beside it. A saved draft gets its test and send panel, which first saves what is on screen.
 */
export function CampaignEditor({ campaign, onSaved, insertPhoto }: CampaignEditorProps) {
  const save = useSaveCampaign();
  const audiences = useAudiences();
  const [saved, setSaved] = useState(campaign);
  // The newest saved version, also inside the same event (state updates arrive after it).
  const latest = useRef(campaign);
  const quiet = useRef(false);
  const { values, set, field, errors, formError, formRef, submitting, onSubmit, submitNow } = useForm<Values, Field>({
    initial: () => toValues(campaign),
    validate,
    async submit(values) {
      const result = await save.mutateAsync({ id: latest.current?.id ?? null, input: toInput(values) });
      latest.current = result;
      setSaved(result);
      if (!quiet.current) toast.success("Nieuwsbrief bewaard", { description: `‘${result.subject}’ staat bij de concepten.` });
      onSaved(result);
    },
  });
  const options = (audiences.data ?? []).filter((o) => o.audience === values.audience);
  const dirty = !sameAsSaved(values, saved);

  /** Saves what is on screen when it differs from the saved draft; the draft as saved, or null when saving failed. */
  async function saveFirst(): Promise<Campaign | null> {
    if (!dirty && latest.current) return latest.current;
    quiet.current = true;
    try {
      return (await submitNow()) ? latest.current : null;
    } finally {
      quiet.current = false;
    }
  }

  function insertAtCursor(markdown: string) {
    const textarea = formRef.current?.elements.namedItem("body");
    const body = values.body;
    const at = textarea instanceof HTMLTextAreaElement ? textarea.selectionEnd : body.length;
    const before = body.slice(0, at);
    const after = body.slice(at);
    const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    const trail = after === "" || after.startsWith("\n") ? "\n" : "\n\n";
    set("body", `${before}${lead}${markdown}${trail}${after}`);
    if (textarea instanceof HTMLTextAreaElement) {
      const cursor = before.length + lead.length + markdown.length;
      requestAnimationFrame(() => {
        textarea.focus();
        textarea.setSelectionRange(cursor, cursor);
      });
    }
  }

  return (
    <>
      <div className="grid gap-6 @5xl:grid-cols-2">
        <form ref={formRef} onSubmit={onSubmit} noValidate className={`${cardClass} grid min-w-0 content-start gap-5`}>
          <FormAlert message={formError} />
          <InputField label="Onderwerp" {...field("subject")} type="text" autoComplete="off" maxLength={150} />
          <InputField
            label="Voorregel"
            optional
            {...field("preheader")}
            hint="De korte zin die mailprogramma's na het onderwerp tonen."
            type="text"
            autoComplete="off"
            maxLength={200}
          />
          <SelectField
            label="Naar wie"
            {...field("audience")}
            onChange={(e) => {
              set("audience", e.target.value as Audience);
              set("audience_id", "");
            }}
          >
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {audienceLabel(a)}
              </option>
            ))}
          </SelectField>
          {values.audience !== "all" ? (
            <>
              <SelectField label={audienceLabel(values.audience)} {...field("audience_id")}>
                <option value="">Kies...</option>
                {options.map((o) => (
                  <option key={`${o.audience}-${o.id}`} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
              <CheckboxField checked={values.service_message} onChange={(checked) => set("service_message", checked)}>
                Dienstbericht over hun boeking
                <span className="block text-sm text-ink-soft">
                  Gaat ook naar wie niet op de nieuwsbrief is ingeschreven. Alleen voor praktische informatie over wat
                  ze boekten, nooit voor promotie.
                </span>
              </CheckboxField>
            </>
          ) : null}
          <div className="grid gap-2">
            <TextareaField
              label="Tekst"
              {...field("body")}
              hint="Markdown: ## voor een tussentitel, - voor een opsomming, [tekst](https://…) voor een link, ![beschrijving](https://…) voor een afbeelding."
              rows={16}
              controlClassName="font-mono text-sm"
            />
            {insertPhoto ? <div>{insertPhoto(insertAtCursor)}</div> : null}
          </div>
          {errors.service_message ? <p className="text-sm text-red-800">{errors.service_message}</p> : null}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {saved ? (
              <p className="text-sm text-ink-soft" aria-live="polite">
                {dirty ? "Niet bewaarde wijzigingen" : "Alles bewaard"}
              </p>
            ) : null}
            <button type="submit" disabled={submitting} className={adminButton("primary")}>
              {submitting ? "Bezig..." : "Concept bewaren"}
            </button>
          </div>
        </form>
        <CampaignPreview subject={values.subject} preheader={values.preheader} body={values.body} />
      </div>
      {saved ? <CampaignSendPanel campaign={saved} saveFirst={saveFirst} /> : null}
    </>
  );
}
