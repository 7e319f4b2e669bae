import { useState, type FormEvent } from "react";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { adminButton } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, serverFieldErrors } from "@/components/form/form-errors";
import { useErasePerson } from "@/features/people/api/erase-person";
import type { ErasureRecord } from "@/lib/api-types";

interface EraseDialogProps {
  email: string | null;
  onClose: () => void;
  onErased: (record: ErasureRecord) => void;
}

/** Erasing cannot be undone: the coach types the address again before the button works. */
export function EraseDialog({ email, onClose, onErased }: EraseDialogProps) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const erase = useErasePerson();
  const matches = email !== null && typed.trim().toLowerCase() === email.toLowerCase();

  function close() {
    if (erase.isPending) return;
    setTyped("");
    setError(undefined);
    setFieldError(undefined);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email) return;
    if (!matches) {
      setFieldError("Typ ter bevestiging precies hetzelfde e-mailadres.");
      return;
    }
    setError(undefined);
    try {
      const record = await erase.mutateAsync({ email, confirmation: typed });
      setTyped("");
      onErased(record);
    } catch (e) {
      const { fields } = serverFieldErrors<"confirmation">(e, ["confirmation"]);
      setFieldError(fields.confirmation);
      if (!fields.confirmation) setError(errorMessage(e));
    }
  }

  return (
    <AdminDialog open={email !== null} title="Gegevens wissen" onClose={close} role="alertdialog" size="sm">
      <form onSubmit={submit} noValidate>
        <div className="space-y-3 text-ink-soft">
          <p>
            Alles over <strong className="text-ink wrap-break-word">{email}</strong> wordt gewist: de inschrijving op de
            nieuwsbrief, berichten, kennismakingsgesprekken, onbetaalde bestellingen, inschrijvingen voor webinars,
            wachtlijsten, meldingen over deze persoon en de e-mails aan haar.
          </p>
          <p>
            Alleen wat de wet vraagt, blijft: de btw-wetgeving verplicht je facturen tien jaar te bewaren. Op de facturen
            en creditnota&apos;s blijven daarom de naam, het adres, het bedrijf en het btw-nummer staan, met de bedragen
            en data. Het e-mailadres en het telefoonnummer gaan ook van de facturen.
          </p>
          <p>
            Betaalde bestellingen en hun tickets blijven voor de boekhouding, maar zonder naam, e-mailadres, telefoon,
            adres, bedrijf of btw-nummer. Een geldig ticket houdt zijn plaats. Ontvangen nieuwsbrieven tellen mee in de
            cijfers, zonder adres. Dit kan je niet ongedaan maken.
          </p>
        </div>
        {error ? (
          <div className="mt-4">
            <FormAlert message={error} />
          </div>
        ) : null}
        <InputField
          className="mt-4"
          label="Typ het e-mailadres om te bevestigen"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={close} disabled={erase.isPending} className={adminButton("quiet")}>
            Annuleren
          </button>
          <button type="submit" disabled={erase.isPending} aria-disabled={!matches} className={adminButton("danger")}>
            {erase.isPending ? "Bezig..." : "Definitief wissen"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
