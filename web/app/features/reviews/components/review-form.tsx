import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Field } from "@/features/admin/components/field";
import { errorMessage, hasErrors, serverFieldErrors, type FieldErrors } from "@/features/admin/lib/form-errors";
import { adminButton, inputClass } from "@/features/admin/lib/styles";
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
}

/** Create or edit a review: the same checks as the server, its messages next to the fields. */
export function ReviewForm({ review, onDone }: ReviewFormProps) {
  const [values, setValues] = useState<ReviewFormValues>(() => (review ? reviewToForm(review) : emptyReviewForm()));
  const [errors, setErrors] = useState<FieldErrors<ReviewField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateReview();
  const update = useUpdateReview();
  const saving = create.isPending || update.isPending;

  function set<K extends keyof ReviewFormValues>(key: K, value: ReviewFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function focusFirstError() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const clientErrors = validateReview(values);
    setErrors(clientErrors);
    if (hasErrors(clientErrors)) return focusFirstError();
    const input = reviewFormToInput(values);
    try {
      if (review) {
        await update.mutateAsync({ id: review.id, input });
        toast.success("Review opgeslagen", { description: `De review van ${input.name} is aangepast.` });
      } else {
        await create.mutateAsync(input);
        toast.success("Review toegevoegd", { description: `De review van ${input.name} staat nu op de website.` });
      }
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      setFormError(errorMessage(error, "Opslaan lukte niet. Probeer het opnieuw."));
      if (hasErrors(fields)) focusFirstError();
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      {formError ? (
        <p role="alert" className="rounded-xl border border-red-800/30 bg-red-50 p-4 font-medium text-red-800">
          {formError}
        </p>
      ) : null}
      <Field label="Naam" error={errors.name} hint="Zoals de naam op de website mag verschijnen, bv. enkel de voornaam.">
        {(props) => (
          <input
            {...props}
            name="name"
            type="text"
            autoComplete="off"
            maxLength={REVIEW_LIMITS.name}
            value={values.name}
            onChange={(e) => set("name", e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label="Avatar-URL"
        optional
        error={errors.avatar_url}
        hint="Een link naar een foto die met https:// begint. Zonder foto tonen we de initialen."
      >
        {(props) => (
          <>
            <input
              {...props}
              name="avatar_url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              value={values.avatar_url}
              onChange={(e) => set("avatar_url", e.target.value)}
              className={inputClass}
            />
            <AvatarPreview url={values.avatar_url} name={values.name} />
          </>
        )}
      </Field>
      <StarRatingInput value={values.rating} onChange={(n) => set("rating", n)} error={errors.rating} />
      <Field
        label="Tekst"
        error={errors.text}
        hint={`${charCount(values.text)} van ${REVIEW_LIMITS.text} tekens`}
      >
        {(props) => (
          <textarea
            {...props}
            name="text"
            rows={6}
            value={values.text}
            onChange={(e) => set("text", e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={saving} className={adminButton("quiet")}>
          Annuleren
        </button>
        <button type="submit" disabled={saving} className={adminButton("primary")}>
          {saving ? "Bezig..." : review ? "Wijzigingen opslaan" : "Review toevoegen"}
        </button>
      </div>
    </form>
  );
}
