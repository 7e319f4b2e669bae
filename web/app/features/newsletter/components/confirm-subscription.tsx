import { Block, Later, type LaterBlock } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { LinkTokenOutcome } from "@/components/ui/link-token-outcome";
import { confirmNewsletter } from "@/features/newsletter/api/confirm";
import { useLinkToken } from "@/lib/link-token";

export const confirmSubscriptionTexts = {
  doneTitle: {
    name: "nieuwsbrief.bevestigen.done.title",
    text: "Je inschrijving is bevestigd",
  },
  doneText: {
    name: "nieuwsbrief.bevestigen.done.text",
    text: "Welkom! Vanaf nu ontvang je de nieuwsbrief met inzichten en nieuwe data.",
  },
  failedTitle: {
    name: "nieuwsbrief.bevestigen.failed.title",
    text: "Bevestigen is niet gelukt",
  },
} satisfies Record<string, LaterBlock>;

/** /nieuwsbrief/bevestigen below its title: posts the mailed link's token once and says how it went. */
export function ConfirmSubscription() {
  const state = useLinkToken(
    confirmNewsletter,
    "Deze bevestigingslink is onvolledig. Gebruik de link uit je e-mail.",
  );

  return (
    <LinkTokenOutcome
      state={state}
      loading="Je inschrijving wordt bevestigd…"
      failedTitle={confirmSubscriptionTexts.failedTitle}
      done={() => (
        <>
          <Later
            block={confirmSubscriptionTexts.doneTitle}
            as="h2"
            className="text-2xl"
          />
          <Later
            block={confirmSubscriptionTexts.doneText}
            as="p"
            className="mt-2 text-lg text-ink-soft"
          />
        </>
      )}
    >
      <ButtonLink to="/" variant="secondary" className="mt-8">
        <Block name="nieuwsbrief.bevestigen.home">Naar de startpagina</Block>
      </ButtonLink>
    </LinkTokenOutcome>
  );
}
