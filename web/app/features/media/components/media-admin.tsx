import { Pencil, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { adminButton, cardClass } from "@/components/admin/styles";
import { Field, InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, type FieldErrors } from "@/components/form/form-errors";
import { inputClass } from "@/components/form/styles";
import { useForm } from "@/components/form/use-form";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { useDeleteMedia } from "@/features/media/api/delete-media";
import { useMedia } from "@/features/media/api/list-media";
import { useMediaSlots, useSetMediaSlot } from "@/features/media/api/media-slots";
import { useUpdateMedia } from "@/features/media/api/update-media";
import { useUploadMedia } from "@/features/media/api/upload-media";
import { MediaPicker } from "@/features/media/components/media-picker";
import type { MediaItem, MediaSlot } from "@/lib/api-types";
import { formatShortDate } from "@/lib/format";

const PER_PAGE = 12;
/** The same limits as the server (it checks again, by content). */
const MAX_BYTES = 20 * 1024 * 1024;
const ALT_MAX = 250;

const SLOT_LABELS: Record<MediaSlot, { label: string; hint: string }> = {
  portrait: { label: "Portret van de coach", hint: "Op ‘Over mij’ en de startpagina." },
  hero: { label: "Grote foto bovenaan de startpagina", hint: "Kies een brede foto; hij laadt als eerste." },
  share: { label: "Deelafbeelding", hint: "Wat sociale media tonen wanneer iemand een pagina deelt." },
  logo: { label: "Logo", hint: "Bovenaan en onderaan elke pagina en bovenaan je mails (ook in Instellingen)." },
};

const columns: Column<MediaItem>[] = [
  {
    header: "Foto",
    cell: ({ image }) => (
      <span className="flex items-center gap-3">
        <span className="h-16 w-24 shrink-0 overflow-hidden rounded-lg border border-sand bg-cream">
          <ResponsiveImage image={image} sizes="96px" alt="" className="h-full w-full object-cover" />
        </span>
        <span>{image.alt}</span>
      </span>
    ),
  },
  {
    header: "Afmetingen",
    cell: ({ image }) => (
      <span className="text-sm text-ink-soft">
        {image.width} × {image.height} px
      </span>
    ),
  },
  {
    header: "Gebruikt in",
    cell: ({ used_in }) =>
      used_in.length > 0 ? (
        <span className="text-sm text-ink-soft">{used_in.join(", ")}</span>
      ) : (
        <span className="text-sm text-ink-soft">Nergens</span>
      ),
  },
  { header: "Toegevoegd", cell: (item) => <span className="text-sm text-ink-soft">{formatShortDate(item.created_at)}</span> },
];

type UploadField = "file" | "alt";
interface UploadValues {
  file: File | null;
  alt: string;
}

function altError(value: string): string | undefined {
  const alt = value.trim();
  if (!alt) return "Beschrijf in een paar woorden wat er op de foto staat (alt-tekst).";
  if ([...alt].length > ALT_MAX) return `De alt-tekst mag hoogstens ${ALT_MAX} tekens lang zijn.`;
  return undefined;
}

function validateUpload(values: UploadValues): FieldErrors<UploadField> {
  const errors: FieldErrors<UploadField> = {};
  if (!values.file) errors.file = "Kies een foto om op te laden.";
  else if (values.file.size > MAX_BYTES) errors.file = "Deze foto is groter dan 20 MB. Verklein hem en probeer het opnieuw.";
  errors.alt = altError(values.alt);
  return errors;
}

function UploadForm() {
  const upload = useUploadMedia();
  // A new key empties the file input after an upload (its value cannot be set by React).
  const [inputKey, setInputKey] = useState(0);
  const { set, field, reset, errors, formError, formRef, submitting, onSubmit } = useForm<UploadValues, UploadField>({
    initial: () => ({ file: null, alt: "" }),
    validate: validateUpload,
    async submit({ file, alt }) {
      if (!file) return;
      const image = await upload.mutateAsync({ file, alt: alt.trim() });
      if (image.alt === alt.trim()) {
        toast.success("Foto opgeladen", { description: "Je kan hem nu kiezen bij reviews, activiteiten en de pagina's." });
      } else {
        // The same photo was in the library already: the server kept it, with its own alt text.
        toast.success("Deze foto stond al in de bibliotheek", {
          description: `Met de alt-tekst ‘${image.alt}’. Pas die aan met ‘Alt-tekst aanpassen’ in de lijst.`,
        });
      }
      reset();
      setInputKey((k) => k + 1);
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className={`${cardClass} grid gap-5`} aria-labelledby="upload-title">
      <h2 id="upload-title" className="font-display text-xl font-semibold text-ink">
        Foto opladen
      </h2>
      <FormAlert message={formError} />
      <Field label="Foto" error={errors.file} hint="JPEG, PNG of WebP, hoogstens 20 MB. Locatie en andere gegevens in het bestand halen we weg.">
        {(p) => (
          <input
            key={inputKey}
            {...p}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => set("file", e.target.files?.[0] ?? null)}
            className={inputClass}
          />
        )}
      </Field>
      <InputField
        label="Alt-tekst"
        {...field("alt")}
        hint="Wat staat er op de foto? Dit lezen mensen die de foto niet zien, bv. ‘Lies glimlacht in haar praktijk’."
        type="text"
        autoComplete="off"
        maxLength={ALT_MAX}
      />
      <div className="flex justify-end">
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          <Upload aria-hidden="true" className="h-5 w-5" />
          {submitting ? "Bezig met verwerken..." : "Foto opladen"}
        </button>
      </div>
    </form>
  );
}

function PageSlots() {
  const slots = useMediaSlots();
  const setSlot = useSetMediaSlot();
  async function choose(slot: MediaSlot, mediaId: number | null) {
    try {
      await setSlot.mutateAsync({ slot, mediaId });
      toast.success("Opgeslagen", { description: `${SLOT_LABELS[slot].label}: ${mediaId === null ? "de standaard" : "de gekozen foto"}.` });
    } catch (e) {
      toast.error("Opslaan lukte niet", { description: errorMessage(e) });
    }
  }
  return (
    <section className={`${cardClass} grid gap-5`} aria-labelledby="slots-title">
      <h2 id="slots-title" className="font-display text-xl font-semibold text-ink">
        Foto&apos;s op de pagina&apos;s
      </h2>
      <div className="grid gap-5 md:grid-cols-3">
        {(slots.data ?? []).map(({ slot, image }) => (
          <MediaPicker
            key={slot}
            label={SLOT_LABELS[slot].label}
            hint={SLOT_LABELS[slot].hint}
            value={image?.id ?? null}
            onChange={(id) => void choose(slot, id)}
          />
        ))}
      </div>
    </section>
  );
}

/** Changes the alt text of a photo; every page, list and mail that shows it uses the new one. */
function AltDialog({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  return (
    <AdminDialog open={item !== null} title="Alt-tekst aanpassen" onClose={onClose} size="sm">
      {item ? <AltForm key={item.image.id} item={item} onDone={onClose} /> : null}
    </AdminDialog>
  );
}

function AltForm({ item, onDone }: { item: MediaItem; onDone: () => void }) {
  const update = useUpdateMedia();
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ alt: string }, "alt">({
    initial: () => ({ alt: item.image.alt }),
    validate: (v) => ({ alt: altError(v.alt) }),
    async submit({ alt }) {
      await update.mutateAsync({ id: item.image.id, alt: alt.trim() });
      toast.success("Alt-tekst opgeslagen", { description: "Overal waar de foto staat, staat nu de nieuwe tekst." });
      onDone();
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      <InputField
        label="Alt-tekst"
        {...field("alt")}
        hint="Wat staat er op de foto? Dit lezen mensen die de foto niet zien."
        type="text"
        autoComplete="off"
        maxLength={ALT_MAX}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : "Opslaan"}
        </button>
      </div>
    </form>
  );
}

/** Beheer > Media: upload photos with alt text, choose the page photos, delete unused ones. */
export function MediaAdmin() {
  const list = useListState({ perPage: PER_PAGE });
  const media = useMedia({ q: list.q, page: list.page, perPage: PER_PAGE });
  const remove = useDeleteMedia();
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.image.id);
      toast.success("Foto verwijderd", { description: `‘${deleting.image.alt}’ staat niet langer in de bibliotheek.` });
    } catch (e) {
      // In use: the server says where.
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Media"
        intro={<p>Je foto&apos;s op één plek. De website toont ze in de juiste grootte voor elk scherm.</p>}
      />
      <div className="mt-6 grid gap-6">
        <UploadForm />
        <PageSlots />
        <DataList
          list={list}
          query={media}
          label="Foto's, nieuwste eerst"
          search={{ label: "Zoeken in foto's", placeholder: "Alt-tekst" }}
          noun={{ one: "foto", other: "foto's" }}
          pagingLabel="foto's"
          loadingLabel="Foto's laden..."
          empty={list.q ? `Geen foto's gevonden voor ‘${list.q}’.` : "Er zijn nog geen foto's. Laad de eerste op hierboven."}
          columns={columns}
          rowKey={(item) => item.image.id}
          actions={(item) => (
            <>
              <RowButton icon={Pencil} label="Alt-tekst aanpassen" row={`foto ${item.image.alt}`} onClick={() => setEditing(item)} />
              <RowButton icon={Trash2} label="Verwijderen" row={`foto ${item.image.alt}`} variant="danger-quiet" onClick={() => setDeleting(item)} />
            </>
          )}
        />
      </div>
      <AltDialog item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog open={deleting !== null} title="Foto verwijderen?" onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p>
          Wil je de foto <strong className="text-ink">{deleting?.image.alt}</strong> echt verwijderen? Dit kan je niet ongedaan
          maken. Een foto die nog ergens gebruikt wordt, blijft staan.
        </p>
      </ConfirmDialog>
    </>
  );
}
