import { Upload } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { adminButton } from "@/components/admin/styles";
import { CheckboxField, FieldError } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, serverFieldErrors } from "@/components/form/form-errors";
import { checkboxClass, inputClass, labelClass } from "@/components/form/styles";
import { useImportSubscribers } from "@/features/newsletter/api/import-subscribers";
import { MAX_CSV_BYTES, decodeCsv } from "@/features/newsletter/lib/read-csv-file";
import type { ImportBasis, ImportReport } from "@/lib/api-types";

const bases: { value: ImportBasis; label: string; hint: string }[] = [
  {
    value: "consent",
    label: "Ze gaven toestemming",
    hint: "Ze schreven zich zelf in voor mijn nieuwsbrief, bijvoorbeeld in mijn vorige nieuwsbrieftool.",
  },
  {
    value: "customer",
    label: "Het zijn klanten",
    hint: "Ze kochten eerder bij mij, ik schrijf hen over gelijkaardig aanbod en ze konden dat altijd weigeren.",
  },
];

type Field = "file" | "basis" | "confirmed";

const number = new Intl.NumberFormat("nl-BE");

/** The skipped rows listed one by one; a file imported twice would list thousands. */
const SHOWN = 200;

/** Beheer > Nieuwsbrief: bring the subscribers of her previous tool along, from a CSV file. */
export function SubscriberImport() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={adminButton("secondary")}>
        <Upload aria-hidden="true" className="h-5 w-5" />
        CSV importeren
      </button>
      <AdminDialog open={open} title="Abonnees importeren" onClose={() => setOpen(false)}>
        {open ? <ImportForm onDone={() => setOpen(false)} /> : null}
      </AdminDialog>
    </>
  );
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const run = useImportSubscribers();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [basis, setBasis] = useState<ImportBasis | "">("");
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field | "csv", string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: typeof errors = {};
    if (!file) found.file = "Kies het CSV-bestand met je abonnees.";
    else if (file.size > MAX_CSV_BYTES) found.file = "Dit bestand is te groot (meer dan 7 MB). Splits het in kleinere bestanden.";
    if (!basis) found.basis = "Kies waarom je deze mensen mag mailen.";
    if (!confirmed) found.confirmed = "Bevestig dat iedereen in het bestand hiermee akkoord ging.";
    setErrors(found);
    if (Object.keys(found).length > 0 || !file || !basis) return;
    try {
      const csv = decodeCsv(await file.arrayBuffer());
      const result = await run.mutateAsync({ csv, basis, confirmed });
      setReport(result);
      toast.success("Import klaar", { description: `${number.format(result.added)} abonnees toegevoegd.` });
    } catch (e) {
      const { fields } = serverFieldErrors<Field | "csv">(e);
      setErrors({ ...fields, file: fields.csv });
      setFormError(errorMessage(e, "Importeren lukte niet. Probeer het opnieuw."));
    }
  }

  if (report) return <ImportResult report={report} onDone={onDone} />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <p className="text-ink-soft">
        Breng je abonnees mee uit je vorige nieuwsbrieftool. De eerste regel van het bestand geeft de kolommen:{" "}
        <strong className="text-ink">naam, e-mail, datum toestemming en bron</strong>, gescheiden door een puntkomma
        of een komma (zoals Excel of je vorige tool ze bewaart). Wie al op je lijst staat of zich uitschreef, voegen
        we niet toe. Ze krijgen geen bevestigingsmail.
      </p>
      <FormAlert message={formError} />
      <div>
        <label htmlFor={fileId} className={labelClass}>
          CSV-bestand
        </label>
        <input
          id={fileId}
          name="file"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          aria-invalid={Boolean(errors.file)}
          aria-describedby={errors.file ? `${fileId}-error` : undefined}
          className={`${inputClass} min-w-0`}
        />
        {errors.file ? <FieldError id={`${fileId}-error`}>{errors.file}</FieldError> : null}
      </div>
      <fieldset className="grid gap-3" aria-describedby={errors.basis ? `${fileId}-basis-error` : undefined}>
        <legend className={`${labelClass} mb-2`}>Waarom mag je deze mensen mailen?</legend>
        {bases.map((b) => (
          <label key={b.value} className="flex items-start gap-3">
            <input
              type="radio"
              name="basis"
              value={b.value}
              checked={basis === b.value}
              onChange={() => setBasis(b.value)}
              className={checkboxClass}
            />
            <span>
              <span className="block text-ink">{b.label}</span>
              <span className="block text-sm text-ink-soft">{b.hint}</span>
            </span>
          </label>
        ))}
        {errors.basis ? <FieldError id={`${fileId}-basis-error`}>{errors.basis}</FieldError> : null}
      </fieldset>
      <CheckboxField name="confirmed" checked={confirmed} onChange={setConfirmed} error={errors.confirmed}>
        Ik bevestig dat iedereen in dit bestand op deze manier akkoord ging, en dat ik dat kan aantonen als iemand
        ernaar vraagt.
      </CheckboxField>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={run.isPending} className={adminButton("primary")}>
          {run.isPending ? "Bezig met importeren..." : "Importeren"}
        </button>
      </div>
    </form>
  );
}

function ImportResult({ report, onDone }: { report: ImportReport; onDone: () => void }) {
  const skipped = report.skipped;
  return (
    <div className="grid gap-4" role="status">
      <p className="text-lg">
        <strong>{number.format(report.added)}</strong> van de {number.format(report.rows)} regels zijn toegevoegd als
        abonnee.
      </p>
      {skipped.length > 0 ? (
        <>
          <p className="text-ink-soft">
            {skipped.length === 1 ? "Eén regel is" : `${number.format(skipped.length)} regels zijn`} niet
            toegevoegd. Pas ze aan in je bestand en importeer het opnieuw: wie er al in staat, voegen we niet nog eens
            toe.
          </p>
          <ul className="divide-y divide-sand rounded-xl border border-sand" aria-label="Regels die niet zijn toegevoegd">
            {skipped.slice(0, SHOWN).map((s) => (
              <li key={s.line} className="grid gap-0.5 px-4 py-2">
                <span className="font-semibold">
                  Regel {s.line}
                  {s.email ? <span className="font-normal wrap-anywhere text-ink-soft"> — {s.email}</span> : null}
                </span>
                <span>{s.reason}</span>
              </li>
            ))}
          </ul>
          {skipped.length > SHOWN ? (
            <p className="text-ink-soft">
              En nog {number.format(skipped.length - SHOWN)} regels, meestal adressen die al op je lijst staan.
            </p>
          ) : null}
        </>
      ) : null}
      <div className="flex justify-end">
        <button type="button" onClick={onDone} className={adminButton("primary")}>
          Sluiten
        </button>
      </div>
    </div>
  );
}
