import { KeyRound, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { CheckboxField, InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey, useRequirePasskey } from "@/features/auth/api/passkeys";
import { ceremonyMessage, passkeysSupported } from "@/features/auth/lib/webauthn";
import type { PasskeySummary } from "@/lib/api-types";
import { formatDate, formatDateTime } from "@/lib/format";

const NAME_MAX = 60;

function validateName(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return "Geef je passkey een naam, bijvoorbeeld ‘Laptop’ of ‘Telefoon’.";
  if ([...trimmed].length > NAME_MAX) return `Kies een naam van hoogstens ${NAME_MAX} tekens.`;
  return undefined;
}

function failure(error: unknown, fallback: string): string {
  return ceremonyMessage(error) ?? errorMessage(error, fallback);
}

/** Beheer > Accounts > Passkeys: the signed-in admin's own passkeys (add, name, remove) and
 *  whether one is required. With `headingLevel` 1 it is the page after a reset link that asks
 *  for a new passkey. */
export function PasskeysSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const require = useRequirePasskey();
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const { data } = passkeys;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const full = data ? data.passkeys.length >= data.max : false;

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Passkey verwijderd", { description: `Met ‘${removing.name}’ kan je niet meer aanmelden.` });
      setRemoving(null);
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
      setRemoving(null);
    }
  }

  async function setRequired(required: boolean) {
    try {
      await require.mutateAsync(required);
      toast.success(required ? "Passkey is nu verplicht" : "Passkey is niet meer verplicht", {
        description: required
          ? "Een wachtwoord alleen is niet meer genoeg om aan te melden."
          : "Je kan weer aanmelden met je wachtwoord of met een passkey.",
      });
    } catch (e) {
      toast.error("Dat lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className={`${cardClass} mt-8`}>
      <Heading id="passkeys-heading" className={headingLevel === 1 ? "text-3xl" : "text-2xl"}>
        {headingLevel === 1 ? "Voeg een nieuwe passkey toe" : "Jouw passkeys"}
      </Heading>
      {headingLevel === 1 ? (
        <p className="mt-2 text-ink-soft">
          Je wachtwoord is vernieuwd. Voor je account is een passkey verplicht: voeg nu een nieuwe toe op dit toestel. Tot je
          dat doet, kan je ook met je wachtwoord aanmelden. Is een oude passkey kwijt? Verwijder die dan hieronder.
        </p>
      ) : (
        <p className="mt-2 text-ink-soft">
          Met een passkey meld je aan met je vingerafdruk, gezicht of de pincode van je toestel, zonder wachtwoord. Je kan er
          tot {data?.max ?? 5} bewaren, bijvoorbeeld een voor je laptop en een voor je telefoon.
        </p>
      )}
      {passkeys.isPending ? (
        <LoadingBlock label="Passkeys laden..." />
      ) : passkeys.isError || !data ? (
        <LoadError error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      ) : (
        <>
          {data.waiting_for_new_passkey && headingLevel === 2 ? (
            <p role="status" className="mt-4 rounded-xl border border-gold/40 bg-gold-soft p-4 text-ink">
              Na je nieuwe wachtwoord wacht je verplichte passkey op een nieuwe: voeg er hieronder een toe.
            </p>
          ) : null}
          {data.passkeys.length === 0 ? (
            <p className="mt-4 text-ink">Je hebt nog geen passkeys.</p>
          ) : (
            <ul className="mt-4 divide-y divide-sand" aria-label="Je passkeys">
              {data.passkeys.map((passkey) => (
                <li key={passkey.id} className="py-3">
                  {renaming === passkey.id ? (
                    <RenameForm passkey={passkey} onDone={() => setRenaming(null)} />
                  ) : (
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <div>
                        <p className="font-semibold break-all text-ink">{passkey.name}</p>
                        <p className="text-sm text-ink-soft">
                          Toegevoegd op {formatDate(passkey.created_at)}
                          {passkey.last_used_at ? ` · laatst gebruikt ${formatDateTime(passkey.last_used_at)}` : " · nog niet gebruikt"}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <button type="button" onClick={() => setRenaming(passkey.id)} className={adminButton("quiet", "sm")}>
                          <Pencil aria-hidden="true" className="h-4 w-4" />
                          Naam wijzigen<span className="sr-only"> van {passkey.name}</span>
                        </button>
                        <button type="button" onClick={() => setRemoving(passkey)} className={adminButton("danger-quiet", "sm")}>
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                          Verwijderen<span className="sr-only"> {passkey.name}</span>
                        </button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!data.available ? (
            <p className="mt-4 rounded-xl border border-gold/40 bg-gold-soft p-4 text-ink">
              Passkeys werken pas wanneer de site op haar eigen domeinnaam staat.
            </p>
          ) : !passkeysSupported() ? (
            <p className="mt-4 rounded-xl border border-gold/40 bg-gold-soft p-4 text-ink">
              Deze browser kan geen passkeys maken. Probeer een recente versie van Chrome, Edge, Firefox of Safari.
            </p>
          ) : full ? (
            <p className="mt-4 text-ink">
              Je hebt het maximum van {data.max} passkeys. Verwijder er eerst een om een nieuwe toe te voegen.
            </p>
          ) : (
            <AddPasskeyForm />
          )}
          {headingLevel === 2 ? (
            <div className="mt-6 border-t border-sand pt-4">
              <CheckboxField
                name="passkey-required"
                checked={data.required}
                onChange={(checked) => void setRequired(checked)}
              >
                <span className="font-semibold">Passkey verplicht voor mijn account</span>
                <span className="block text-sm text-ink-soft">
                  {data.passkeys.length === 0
                    ? "Voeg eerst een passkey toe. "
                    : "Dan is je wachtwoord alleen niet meer genoeg om aan te melden. "}
                  Ben je al je passkeys kwijt, dan vraag je een nieuw wachtwoord aan via ‘Wachtwoord vergeten?’; daarna voeg je
                  een nieuwe passkey toe.
                </span>
              </CheckboxField>
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Passkey verwijderen?"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          Met ‘{removing?.name}’ kan je daarna niet meer aanmelden. Verwijder de passkey ook uit je toestel of
          wachtwoordbeheerder als je die niet meer gebruikt.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** A name, then the browser's own dialog makes the passkey. */
function AddPasskeyForm() {
  const add = useAddPasskey();
  const { field, reset, formError, formRef, submitting, onSubmit } = useForm<{ name: string }, "name">({
    initial: () => ({ name: "" }),
    validate: ({ name }) => {
      const problem = validateName(name);
      return problem ? { name: problem } : {};
    },
    async submit({ name }) {
      const added = await add.mutateAsync(name.trim());
      reset();
      toast.success("Passkey toegevoegd", { description: `Je kan nu aanmelden met ‘${added.name}’.` });
    },
    failureMessage: (error) => failure(error, "De passkey toevoegen lukte niet. Probeer het opnieuw."),
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Passkey toevoegen" className="mt-6 grid gap-4 sm:max-w-md">
      <FormAlert message={formError} />
      <InputField
        label="Naam van de nieuwe passkey"
        hint="Zodat je ze later herkent, bijvoorbeeld ‘Laptop’ of ‘Telefoon’."
        {...field("name")}
        maxLength={NAME_MAX}
        autoComplete="off"
        required
      />
      <button type="submit" disabled={submitting} className={adminButton("primary", "md", "sm:justify-self-start")}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {submitting ? "Bezig..." : "Passkey toevoegen"}
      </button>
    </form>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const rename = useRenamePasskey();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ name: string }, "name">({
    initial: () => ({ name: passkey.name }),
    validate: ({ name }) => {
      const problem = validateName(name);
      return problem ? { name: problem } : {};
    },
    async submit({ name }) {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      toast.success("Naam gewijzigd");
      onDone();
    },
    failureMessage: (error) => errorMessage(error, "De naam wijzigen lukte niet. Probeer het opnieuw."),
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={`Naam van ${passkey.name} wijzigen`} className="grid gap-3 sm:max-w-md">
      <FormAlert message={formError} />
      <InputField
        label={`Nieuwe naam voor ${passkey.name}`}
        {...field("name")}
        ref={inputRef}
        maxLength={NAME_MAX}
        autoComplete="off"
        onKeyDown={(e) => {
          if (e.key === "Escape") onDone();
        }}
        required
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={submitting} className={adminButton("primary", "sm")}>
          {submitting ? "Bezig..." : "Naam opslaan"}
        </button>
        <button type="button" onClick={onDone} className={adminButton("quiet", "sm")}>
          Annuleren
        </button>
      </div>
    </form>
  );
}
