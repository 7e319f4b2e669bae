import { Upload } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { adminButton, cardClass } from "@/components/admin/styles";
import { Field } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, serverFieldErrors } from "@/components/form/form-errors";
import { inputClass } from "@/components/form/styles";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { toast } from "@/components/ui/toast";
import { site } from "@/config/site";
import { useMediaSlots, useSetMediaSlot } from "@/features/media/api/media-slots";
import { useUploadMedia } from "@/features/media/api/upload-media";

/**
 * Her own logo, in the site's header and footer and above every mail, instead of the sun. The
 * file goes through the media library's upload (its checks and Dutch refusals), then fills the
 * `logo` slot; "Standaardlogo terugzetten" empties the slot again.
 */
export function LogoCard() {
  const slots = useMediaSlots();
  const setSlot = useSetMediaSlot();
  const upload = useUploadMedia();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after an upload (its value cannot be set by React).
  const [inputKey, setInputKey] = useState(0);
  const [fileError, setFileError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const logo = slots.data?.find((s) => s.slot === "logo")?.image ?? null;
  const busy = upload.isPending || setSlot.isPending;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFileError(undefined);
    setFormError(null);
    if (!file) {
      setFileError("Kies een afbeelding om op te laden.");
      return;
    }
    try {
      // Beside the brand's name in the link home, "Logo" is all it needs to say.
      const image = await upload.mutateAsync({ file, alt: "Logo" });
      await setSlot.mutateAsync({ slot: "logo", mediaId: image.id });
      toast.success("Logo opgeslagen", { description: "De site en je mails tonen het meteen." });
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (error) {
      const { fields } = serverFieldErrors<"file" | "alt">(error);
      if (fields.file) setFileError(fields.file);
      else setFormError(errorMessage(error));
    }
  }

  return (
    <section className={cardClass} aria-labelledby="instellingen-logo">
      <h2 id="instellingen-logo" className="text-xl">
        Logo
      </h2>
      <p className="mt-1 text-ink-soft">Bovenaan en onderaan elke pagina, en bovenaan elke mail.</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <span className="flex h-16 min-w-16 items-center justify-center rounded-xl border border-sand bg-cream p-2">
          {logo ? (
            <ResponsiveImage image={logo} sizes="160px" alt="" className="h-12 w-auto max-w-40 object-contain" />
          ) : (
            <img src={site.logo} alt="" width={48} height={48} className="h-12 w-12" />
          )}
        </span>
        <p className="text-ink-soft" role="status">
          {slots.isPending ? "Laden..." : logo ? "Je eigen logo." : "Het standaardlogo (de zon)."}
        </p>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 grid gap-4">
        <FormAlert message={formError} />
        <Field
          label="Nieuw logo"
          error={fileError}
          hint="PNG, JPEG of WebP, hoogstens 20 MB. Een vierkant of breed logo van minstens 200 pixels hoog oogt het scherpst."
        >
          {(p) => (
            <input
              key={inputKey}
              {...p}
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={inputClass}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={() => setResetting(true)} disabled={!logo || busy} className={adminButton("quiet")}>
            Standaardlogo terugzetten
          </button>
          <button type="submit" disabled={busy} className={adminButton("primary")}>
            <Upload aria-hidden="true" className="h-5 w-5" />
            {busy ? "Bezig met verwerken..." : "Logo opladen"}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={resetting}
        title="Het standaardlogo terugzetten?"
        confirmLabel="Standaardlogo terugzetten"
        onCancel={() => setResetting(false)}
        onConfirm={async () => {
          try {
            await setSlot.mutateAsync({ slot: "logo", mediaId: null });
            toast.success("Het standaardlogo staat terug");
          } catch (error) {
            toast.error("Terugzetten lukte niet", { description: errorMessage(error) });
          } finally {
            setResetting(false);
          }
        }}
      >
        De site en je mails tonen weer de zon. Je logo blijft in de mediabibliotheek.
      </ConfirmDialog>
    </section>
  );
}
