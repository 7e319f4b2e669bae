import { useEffect, useState, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { InputField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { useForm } from "@/components/form/use-form";
import { adminButton } from "@/components/admin/styles";
import { useCreateReview } from "@/features/reviews/api/create-review";
import { useUpdateReview } from "@/features/reviews/api/update-review";
import { StarRatingInput } from "@/features/reviews/components/star-rating-input";
import {
  charCount,
  emptyReviewForm,
  isHttpsUrl,
  REVIEW_LIMITS,
  reviewFormToInput,
  reviewToForm,
  validateReview,
  type ReviewField,
  type ReviewFormValues,
} from "@/features/reviews/lib/review-validation";
import type { Review } from "@/lib/api-types";

function AvatarPreview({ url, name }: { url: string; name: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [url]);
  if (!isHttpsUrl(url)) return null;
  return (
    <div className="mt-2 flex items-center gap-3 text-sm text-ink-soft">
      {failed ? (
        <p>Deze afbeelding kon niet geladen worden. Kijk de link even na.</p>
      ) : (
        <>
          <img
            src={url.trim()}
            alt={`Voorbeeld van de foto van ${name.trim() || "deze persoon"}`}
            width={48}
            height={48}
            onError={() => setFailed(true)}
            className="h-12 w-12 rounded-full border border-sand object-cover"
          />
          <span>Voorbeeld</span>
        </>
      )}
    </div>
  );
}

interface ReviewFormProps {
  /** The review to edit, or null for a new one. */
  review: Review | null;
  onDone: () => void;
  /** The photo picker from the media library, composed in by the route (features stay apart). */
  avatarPicker?: AvatarPicker;
}

export type AvatarPicker = (props: { value: number | null; onChange: (id: number | null) => void; error?: string }) => ReactNode;

/** Create or edit a review: the same checks as the server, its messages next to the fields. */
export function ReviewForm({ review, onDone, avatarPicker }: ReviewFormProps) {
  const create = useCreateReview();
  const update = useUpdateReview();
  const { values, set, field, errors, formError, formRef, submitting, onSubmit } = useForm<ReviewFormValues, ReviewField>({
    initial: () => (review ? reviewToForm(review) : emptyReviewForm()),
    validate: validateReview,
    async submit(values) {
      const input = reviewFormToInput(values);
      if (review) {
        await update.mutateAsync({ id: review.id, input });
        toast.success("Review opgeslagen", { description: `De review van ${input.name} is aangepast.` });
      } else {
        await create.mutateAsync(input);
        toast.success("Review toegevoegd", { description: `De review van ${input.name} staat nu op de website.` });
      }
      onDone();
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      <InputField
        label="Naam"
        {...field("name")}
        hint="Zoals de naam op de website mag verschijnen, bv. enkel de voornaam."
        type="text"
        autoComplete="off"
        maxLength={REVIEW_LIMITS.name}
      />
      <div>
        <InputField
          label="Avatar-URL"
          {...field("avatar_url")}
          optional
          hint="Een link naar een foto die met https:// begint. Zonder foto tonen we de initialen."
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
        />
        <AvatarPreview url={values.avatar_url} name={values.name} />
      </div>
      {avatarPicker?.({
        value: values.avatar_media_id,
        onChange: (id) => set("avatar_media_id", id),
        error: errors.avatar_media_id,
      })}
      <StarRatingInput value={values.rating} onChange={(n) => set("rating", n)} error={errors.rating} />
      <TextareaField
        label="Tekst"
        {...field("text")}
        hint={`${charCount(values.text)} van ${REVIEW_LIMITS.text} tekens`}
        rows={6}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : review ? "Wijzigingen opslaan" : "Review toevoegen"}
        </button>
      </div>
    </form>
  );
}
