import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { useEffect, useState } from "react";
import { clientMessages } from "@/components/form/client-messages";
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
  | { kind: "done"; title: LaterBlock; message: string };

/** The page's words: all shown after the link was read, so registered with `<LaterBlocks>`. */
const texts = {
  hello: { name: "ervaring-delen.form.hello", text: "Dag" },
  glad: { name: "ervaring-delen.form.glad", text: "fijn dat je erbij was op" },
  gladAlone: { name: "ervaring-delen.form.glad-alone", text: "Fijn dat je erbij was op" },
  ask: {
    name: "ervaring-delen.form.ask",
    text: "Hoe heb je het beleefd? Je ervaring helpt anderen om de stap te zetten.",
  },
  text: { name: "ervaring-delen.form.text", text: "Je ervaring" },
  hint: { name: "ervaring-delen.form.hint", text: `Wat nam je mee? Hoogstens ${REVIEW_LIMITS.text} tekens` },
  used: { name: "ervaring-delen.form.used", text: "gebruikt" },
  firstName: { name: "ervaring-delen.form.first-name", text: "Mijn voornaam" },
  firstNameEnd: { name: "ervaring-delen.form.first-name-end", text: "mag bij mijn ervaring op de website staan." },
  anonymous: { name: "ervaring-delen.form.anonymous", text: "Zonder vinkje staat er ‘Een deelnemer’." },
  note: {
    name: "ervaring-delen.form.note",
    text: "Je ervaring verschijnt pas op de website nadat ze gelezen is, met de vermelding dat je deelnam aan",
  },
  button: { name: "ervaring-delen.form.button", text: "Ervaring delen", label: true },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
  optOut: {
    name: "ervaring-delen.opt-out.text",
    text: "Liever geen vraag meer om je ervaring te delen na een vertelavond of cursus? Meld je dan hier af.",
  },
  optOutButton: { name: "ervaring-delen.opt-out.button", text: "Afmelden", label: true },
  missing: {
    name: "ervaring-delen.missing",
    text: "Deze link is onvolledig. Gebruik de knop in je uitnodiging om je ervaring te delen.",
  },
  thanks: { name: "ervaring-delen.done.thanks", text: "Dank je wel!" },
  optedOut: { name: "ervaring-delen.done.opted-out", text: "Je bent afgemeld" },
} satisfies Record<string, LaterBlock>;

type Field = "rating" | "text";
interface Values {
  rating: number | null;
  text: string;
  publish_first_name: boolean;
}

/** The form's own checks: blocks she words, registered with the page's texts. */
const messages = clientMessages({
  rating: { name: "ervaring-delen.errors.rating", text: "Kies een score van 1 tot 5 sterren." },
  text: { name: "ervaring-delen.errors.text", text: "Vertel in een paar woorden hoe je het beleefd hebt." },
  tooLong: {
    name: "ervaring-delen.errors.too-long",
    text: `Je ervaring mag hoogstens ${REVIEW_LIMITS.text} tekens lang zijn.`,
  },
});

function validate(values: Values): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (values.rating === null) errors.rating = messages.rating.text;
  const text = values.text.trim();
  if (!text) errors.text = messages.text.text;
  else if (charCount(text) > REVIEW_LIMITS.text) errors.text = messages.tooLong.text;
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
        {name ? (
          <>
            <Later block={texts.hello} /> <span data-from="invitation">{name}</span>, <Later block={texts.glad} />
          </>
        ) : (
          <Later block={texts.gladAlone} />
        )}{" "}
        <span data-from="invitation">{invitation.occasion}</span>. <Later block={texts.ask} />
      </p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Je ervaring delen" className="mt-6 grid gap-5">
        <FormAlert message={formError} />
        <StarRatingInput legend="Je score" value={values.rating} onChange={(n) => set("rating", n)} error={errors.rating} />
        <TextareaField
          label={<Later block={texts.text} />}
          {...field("text")}
          hint={
            <>
              <Later block={texts.hint} /> (<span data-from="teller">{charCount(values.text)}</span>{" "}
              <Later block={texts.used} />
              ).
            </>
          }
          required
          rows={6}
        />
        {name ? (
          <CheckboxField checked={values.publish_first_name} onChange={(checked) => set("publish_first_name", checked)}>
            <Later block={texts.firstName} /> (<span data-from="invitation">{name}</span>){" "}
            <Later block={texts.firstNameEnd} />
            <Later block={texts.anonymous} className="block text-sm text-ink-soft" />
          </CheckboxField>
        ) : null}
        <p className="text-sm text-ink-soft">
          <Later block={texts.note} /> <span data-from="invitation">{invitation.occasion}</span>.
        </p>
        <div>
          <button type="submit" disabled={submitting} className={buttonClasses("primary")}>
            {submitting ? <Later block={texts.busy} /> : <Later block={texts.button} />}
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
      <Later block={texts.optOut} as="p" className="block text-lg text-ink-soft" />
      <FormAlert message={error} />
      <button type="button" onClick={optOut} disabled={busy} className={buttonClasses("primary", "mt-6")}>
        {busy ? <Later block={texts.busy} /> : <Later block={texts.optOutButton} />}
      </button>
    </>
  );
}

/** The page behind the link in a review invitation: leave a review once, or opt out. */
export function ParticipantReview() {
  return (
    <>
      <LaterBlocks blocks={[...Object.values(texts), ...Object.values(messages)]} />
      <ParticipantReviewState />
    </>
  );
}

function ParticipantReviewState() {
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
          <Block name="shared.loading">Laden...</Block>
        </p>
      );
    case "missing":
      return (
        <Later block={texts.missing} as="p" role="alert" className="block text-lg text-ink-soft" />
      );
    case "closed":
      return (
        <p role="alert" data-from="server" className="text-lg text-ink">
          {state.message}
        </p>
      );
    case "review":
      return (
        <ReviewForm
          token={state.token}
          invitation={state.invitation}
          onDone={(message) => setState({ kind: "done", title: texts.thanks, message })}
        />
      );
    case "opt-out":
      return <OptOut token={state.token} onDone={(message) => setState({ kind: "done", title: texts.optedOut, message })} />;
    case "done":
      return (
        <div role="status">
          <Later block={state.title} as="h2" className="text-2xl" />
          <p data-from="server" className="mt-2 text-lg text-ink-soft">
            {state.message}
          </p>
        </div>
      );
  }
}
