import { Block, Later, type LaterBlock } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { LinkTokenOutcome } from "@/components/ui/link-token-outcome";
import { confirmTestMailReceived } from "@/features/go-live/api/test-mail-received";
import { useLinkToken } from "@/lib/link-token";

export const testMailReceivedTexts = {
  doneTitle: {
    name: "testmail.ontvangen.done.title",
    text: "Je testmail kwam aan",
  },
  doneText: {
    name: "testmail.ontvangen.done.text",
    text: "Fijn! Je mails komen goed aan. Op je dashboard staat dit punt nu in orde.",
  },
  failedTitle: {
    name: "testmail.ontvangen.failed.title",
    text: "Bevestigen is niet gelukt",
  },
} satisfies Record<string, LaterBlock>;

/**
 * /testmail/ontvangen below its title, the link in the go-live test mail. Opening the page changes
 * nothing on the server by itself (mail scanners open links too); the page posts the token once,
 * and only then counts the mail as received.
 */
export function TestMailReceived() {
  const state = useLinkToken(
    confirmTestMailReceived,
    "Deze link is onvolledig. Gebruik de link uit je testmail.",
  );

  return (
    <LinkTokenOutcome
      state={state}
      loading="We noteren dat je testmail aankwam…"
      failedTitle={testMailReceivedTexts.failedTitle}
      done={() => (
        <>
          <Later
            block={testMailReceivedTexts.doneTitle}
            as="h2"
            className="text-2xl"
          />
          <Later
            block={testMailReceivedTexts.doneText}
            as="p"
            className="mt-2 text-lg text-ink-soft"
          />
        </>
      )}
    >
      <ButtonLink
        to="/admin/dashboard"
        reloadDocument
        variant="secondary"
        className="mt-8"
      >
        <Block name="testmail.ontvangen.dashboard">Naar je dashboard</Block>
      </ButtonLink>
    </LinkTokenOutcome>
  );
}
