import { toast } from "@/components/ui/toast";
import { CheckboxField, InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useForm } from "@/components/form/use-form";
import {
  useBusinessDetails,
  useSaveBusinessDetails,
} from "@/features/settings/api/business-details";
import type { SiteSettings } from "@/lib/api-types";
import type { ReactNode } from "react";

type FieldName = keyof SiteSettings;

const SOCIAL_HINT = "Leeg = geen icoon in de footer.";
type TextField = Exclude<FieldName, "vat_exempt" | "selftest_own">;

const SECTIONS: {
  id: string;
  title: string;
  fields: {
    name: TextField;
    label: string;
    type?: string;
    hint?: string;
    optional?: boolean;
  }[];
}[] = [
  {
    id: "zaak",
    title: "Je zaak",
    fields: [
      { name: "brand", label: "Naam van je zaak" },
      {
        name: "tagline",
        label: "Openingszin",
        hint: "Staat bovenaan elke pagina en in de footer, onder je logo.",
      },
      { name: "coach_name", label: "Je naam" },
    ],
  },
  {
    id: "contact",
    title: "Contactgegevens",
    fields: [
      {
        name: "email",
        label: "E-mailadres",
        type: "email",
        hint: "Op de site, in de footer en als antwoordadres van je mails.",
      },
      { name: "phone", label: "Telefoonnummer", type: "tel" },
      { name: "street", label: "Straat en huisnummer" },
      { name: "postal_code", label: "Postcode", hint: "Vier cijfers." },
      { name: "city", label: "Gemeente" },
    ],
  },
  {
    id: "facturatie",
    title: "Facturen",
    fields: [
      {
        name: "legal_name",
        label: "Naam op facturen",
        optional: true,
        hint: "Leeg = de naam van je zaak.",
      },
      {
        name: "vat_number",
        label: "Ondernemingsnummer (btw-nummer)",
        hint: "Bv. BE0123.456.749; we kijken de controlecijfers na.",
      },
    ],
  },
  {
    id: "links",
    title: "Links",
    fields: [
      { name: "facebook", label: "Facebook", type: "url", optional: true, hint: SOCIAL_HINT },
      { name: "instagram", label: "Instagram", type: "url", optional: true, hint: SOCIAL_HINT },
      { name: "linkedin", label: "LinkedIn", type: "url", optional: true, hint: SOCIAL_HINT },
      {
        name: "platform_url",
        label: "Cursusplatform (knop ‘Log in Platform’)",
        type: "url",
      },
      { name: "quiz_url", label: "Zelftest (knop ‘Doe de test’)", type: "url" },
      {
        name: "intro_video_url",
        label: "Introductievideo (YouTube of Vimeo)",
        type: "url",
      },
    ],
  },
];

function DetailsForm({ saved }: { saved: SiteSettings }) {
  const save = useSaveBusinessDetails();
  const { field, values, set, formError, formRef, submitting, onSubmit } =
    useForm<SiteSettings, FieldName>({
      initial: () => ({ ...saved }),
      async submit(v) {
        await save.mutateAsync(v);
        toast.success("Gegevens opgeslagen: de site toont ze meteen");
      },
    });
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="mt-8 grid gap-8"
    >
      <FormAlert message={formError} />
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          className={cardClass}
          aria-labelledby={`instellingen-${section.id}`}
        >
          <h2 id={`instellingen-${section.id}`} className="text-xl">
            {section.title}
          </h2>
          <div className="mt-4 grid gap-5 sm:grid-cols-2">
            {section.fields.map((f) => (
              <InputField
                key={f.name}
                label={f.label}
                type={f.type ?? "text"}
                hint={f.hint}
                optional={f.optional}
                {...field(f.name)}
              />
            ))}
          </div>
          {section.id === "facturatie" ? (
            <div className="mt-5">
              <CheckboxField
                name="vat_exempt"
                checked={values.vat_exempt}
                onChange={(checked) => set("vat_exempt", checked)}
              >
                Vrijgesteld van btw (kleine ondernemingen, art. 56bis WBTW): je
                facturen tonen geen btw maar de wettelijke vermelding.
              </CheckboxField>
            </div>
          ) : null}
          {section.id === "links" ? (
            <div className="mt-5">
              <CheckboxField
                name="selftest_own"
                checked={values.selftest_own}
                onChange={(checked) => set("selftest_own", checked)}
              >
                ‘Doe de test’ leidt naar je eigen zelftest (Beheer &gt; Zelftest),
                zodra je er een versie van publiceerde. Anders leidt de knop naar
                de zelftest-link hierboven.
              </CheckboxField>
            </div>
          ) : null}
        </section>
      ))}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={submitting}
          className={adminButton("primary")}
        >
          {submitting ? "Bezig..." : "Gegevens opslaan"}
        </button>
      </div>
    </form>
  );
}

/** /admin/instellingen: the business details every page, mail, invoice and calendar file shows, and her logo (`logo`). */
export function SettingsAdmin({ logo }: { logo: ReactNode }) {
  const { data, isPending, isError, error, refetch } = useBusinessDetails();
  return (
    <>
      <PageHeader
        title="Instellingen"
        intro={
          <p>
            Je zakelijke gegevens: ze staan op elke pagina, in je mails,
            facturen en agenda-bestanden. Wat je bewaart, staat binnen enkele
            seconden op de site.
          </p>
        }
      />
      {isPending ? (
        <LoadingBlock label="Instellingen laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <DetailsForm saved={data} />
          <div className="mt-8">
            {logo}
          </div>
        </>
      )}
    </>
  );
}
