import { toast } from "@/components/ui/toast";
import { CheckboxField, InputField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { adminButton } from "@/components/admin/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useCreateDrempelVideo } from "@/features/drempel-videos/api/create-drempel-video";
import { useUpdateDrempelVideo } from "@/features/drempel-videos/api/update-drempel-video";
import {
  DREMPEL_VIDEO_LIMITS,
  drempelVideoFormToInput,
  drempelVideoToForm,
  emptyDrempelVideoForm,
  validateDrempelVideo,
  type DrempelVideoField,
  type DrempelVideoFormValues,
} from "@/features/drempel-videos/lib/drempel-video-validation";
import { VideoEmbed } from "@/components/ui/video-embed";
import { parseVideoUrl } from "@/lib/parse-video-url";
import type { DrempelVideo } from "@/lib/api-types";

function VideoPreview({ url, title }: { url: string; title: string }) {
  const debounced = useDebouncedValue(url.trim(), 500);
  const parsed = debounced ? parseVideoUrl(debounced) : null;
  if (!debounced) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-ink">Voorbeeld</p>
      {parsed ? (
        <>
          <p className="text-sm text-ink-soft">
            {parsed.provider === "youtube" ? "YouTube" : "Vimeo"}-video herkend.
          </p>
          <VideoEmbed key={parsed.embedUrl} url={debounced} title={`Voorbeeld: ${title.trim() || "nieuwe video"}`} className="mt-2" />
        </>
      ) : (
        <p className="text-sm text-ink-soft">Zodra de link klopt, zie je hier de video.</p>
      )}
    </div>
  );
}

interface DrempelVideoFormProps {
  video: DrempelVideo | null;
  onDone: () => void;
}

/** Create or edit a threshold video, with a live preview of the link. */
export function DrempelVideoForm({ video, onDone }: DrempelVideoFormProps) {
  const create = useCreateDrempelVideo();
  const update = useUpdateDrempelVideo();
  const { values, set, field, formError, formRef, submitting, onSubmit } = useForm<DrempelVideoFormValues, DrempelVideoField>({
    initial: () => (video ? drempelVideoToForm(video) : emptyDrempelVideoForm()),
    validate: validateDrempelVideo,
    async submit(values) {
      const input = drempelVideoFormToInput(values);
      if (video) {
        await update.mutateAsync({ id: video.id, input });
        toast.success("Video opgeslagen", { description: `‘${input.title}’ is aangepast.` });
      } else {
        await create.mutateAsync(input);
        toast.success("Video toegevoegd", {
          description: input.published
            ? `‘${input.title}’ staat nu onderaan op de pagina Voor jezelf.`
            : `‘${input.title}’ is bewaard maar nog niet gepubliceerd.`,
        });
      }
      onDone();
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      <InputField
        label="Titel"
        {...field("title")}
        type="text"
        autoComplete="off"
        maxLength={DREMPEL_VIDEO_LIMITS.title}
      />
      <TextareaField
        label="Beschrijving"
        {...field("description")}
        optional
        hint="Eén of twee zinnen: waarover gaat de video?"
        rows={3}
      />
      <div>
        <InputField
          label="Link naar de video"
          {...field("video_url")}
          hint="Een link naar YouTube (bv. https://www.youtube.com/watch?v=…) of Vimeo (bv. https://vimeo.com/123456789)."
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
        />
        <VideoPreview url={values.video_url} title={values.title} />
      </div>
      <CheckboxField name="published" checked={values.published} onChange={(checked) => set("published", checked)}>
        <span className="font-medium">Gepubliceerd</span>
        <span className="block text-sm text-ink-soft">Zichtbaar voor iedereen op de pagina Voor jezelf.</span>
      </CheckboxField>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : video ? "Wijzigingen opslaan" : "Video toevoegen"}
        </button>
      </div>
    </form>
  );
}
