import { useEffect, useState } from "react";
import { CheckboxField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, type FieldErrors } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { leaveParticipantReview } from "@/features/reviews/api/leave-participant-review";
import { openReviewInvitation } from "@/features/reviews/api/open-review-invitation";
import { optOutOfReviewInvitations } from "@/features/reviews/api/opt-out-of-review-invitations";
import { StarRatingInput } from "@/features/reviews/components/star-rating-input";
import { charCount, REVIEW_LIMITS } from "@/features/reviews/lib/review-validation";
import type { ReviewInvitation } from "@/lib/api-types";

/** What the link in the invitation mail asks: `#uitnodiging=<token>` or `#afmelden=<token>`. */
export function readInvitationLink(hash: string): { action: "review" | "opt-out"; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const review = params.get("uitnodiging");
  if (review) return { action: "review", token: review };
  const optOut = params.get("afmelden");
  if (optOut) return { action: "opt-out", token: optOut };
  return null;
}

type State =
  | { kind: "reading" }
  | { kind: "missing" }
  | { kind: "closed"; message: string }
  | { kind: "review"; token: string; invitation: ReviewInvitation }
  | { kind: "opt-out"; token: string }
  | { kind: "done"; title: string; message: string };

type Field = "rating" | "text";
interface Values {
  rating: number | null;
  text: string;
  publish_first_name: boolean;
}

function validate(values: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (values.rating === null) errors.rating = "Kies een score van 1 tot 5 sterren.";
  const text = values.text.trim();
  if (!text) errors.text = "Vertel in een paar woorden hoe je het beleefd hebt.";
  else if (charCount(text) > REVIEW_LIMITS.text) errors.text = `Je ervaring mag hoogstens ${REVIEW_LIMITS.text} tekens lang zijn.`;
  return errors;
}

function ReviewForm({ token, invitation, onDone }: { token: string; invitation: ReviewInvitation; onDone: (message: string) => void }) {
  const { values, set, field, errors, formError, formRef, submitting, onSubmit } = useForm<Values, Field>({
    initial: () => ({ rating: null, text: "", publish_first_name: false }),
    validate,
    async submit(v) {
      const result = await leaveParticipantReview({
        token,
        rating: v.rating ?? 0,
        text: v.text.trim(),
        publish_first_name: v.publish_first_name,
      });
      onDone(result.message);
    },
  });
  const name = invitation.first_name;

  return (
    <>
      <p className="text-lg text-ink-soft">
        {name ? `Dag ${name}, fijn` : "Fijn"} dat je erbij was op {invitation.occasion}. Hoe heb je het beleefd? Je ervaring helpt
        anderen om de stap te zetten.
      </p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Je ervaring delen" className="mt-6 grid gap-5">
        <FormAlert message={formError} />
        <StarRatingInput legend="Je score" value={values.rating} onChange={(n) => set("rating", n)} error={errors.rating} />
        <TextareaField
          label="Je ervaring"
          {...field("text")}
          hint={`Wat nam je mee? Hoogstens ${REVIEW_LIMITS.text} tekens (${charCount(values.text)} gebruikt).`}
          required
          rows={6}
        />
        {name ? (
          <CheckboxField checked={values.publish_first_name} onChange={(checked) => set("publish_first_name", checked)}>
            Mijn voornaam ({name}) mag bij mijn ervaring op de website staan.
            <span className="block text-sm text-ink-soft">Zonder vinkje staat er ‘Een deelnemer’.</span>
          </CheckboxField>
        ) : null}
        <p className="text-sm text-ink-soft">
          Je ervaring verschijnt pas op de website nadat ze gelezen is, met de vermelding dat je deelnam aan {invitation.occasion}.
        </p>
        <div>
          <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
            {submitting ? "Bezig..." : "Ervaring delen"}
          </button>
        </div>
      </form>
    </>
  );
}

function OptOut({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function optOut() {
    setBusy(true);
    setError(null);
    try {
      onDone((await optOutOfReviewInvitations(token)).message);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <>
      <p className="text-lg text-ink-soft">
        Liever geen vraag meer om je ervaring te delen na een vertelavond of cursus? Meld je dan hier af.
      </p>
      <FormAlert message={error} />
      <button type="button" onClick={optOut} disabled={busy} className={buttonClasses("primary", "mt-6")}>
        {busy ? "Bezig..." : "Afmelden"}
      </button>
    </>
  );
}

/** The page behind the link in a review invitation: leave a review once, or opt out. */
export function ParticipantReview() {
  const [state, setState] = useState<State>({ kind: "reading" });

  useEffect(() => {
    const link = readInvitationLink(window.location.hash);
    if (!link) return setState({ kind: "missing" });
    if (link.action === "opt-out") return setState({ kind: "opt-out", token: link.token });
    let live = true;
    openReviewInvitation(link.token).then(
      (invitation) => live && setState({ kind: "review", token: link.token, invitation }),
      (error: unknown) => live && setState({ kind: "closed", message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  switch (state.kind) {
    case "reading":
      return (
        <p role="status" className="text-lg text-ink-soft">
          Laden...
        </p>
      );
    case "missing":
      return (
        <p role="alert" className="text-lg text-ink-soft">
          Deze link is onvolledig. Gebruik de knop in je uitnodiging om je ervaring te delen.
        </p>
      );
    case "closed":
      return (
        <p role="alert" className="text-lg text-ink">
          {state.message}
        </p>
      );
    case "review":
      return (
        <ReviewForm
          token={state.token}
          invitation={state.invitation}
          onDone={(message) => setState({ kind: "done", title: "Dank je wel!", message })}
        />
      );
    case "opt-out":
      return <OptOut token={state.token} onDone={(message) => setState({ kind: "done", title: "Je bent afgemeld", message })} />;
    case "done":
      return (
        <div role="status">
          <h2 className="text-2xl">{state.title}</h2>
          <p className="mt-2 text-lg text-ink-soft">{state.message}</p>
        </div>
      );
  }
}
