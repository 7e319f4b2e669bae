import { Block, Later, type LaterBlock } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { LinkTokenOutcome } from "@/components/ui/link-token-outcome";
import { confirmSelfTestMail } from "@/features/selftest/api/confirm-result";
import { useLinkToken } from "@/lib/link-token";

export const confirmMailTexts = {
  doneTitle: {
    name: "zelftest.bevestigen.done.title",
    text: "Je adres is bevestigd",
  },
  doneText: {
    name: "zelftest.bevestigen.done.text",
    text: "Dank je! Je resultaat is onderweg naar je mailbox. Je kan het hier ook meteen bekijken.",
  },
  result: {
    name: "zelftest.bevestigen.result",
    text: "Bekijk je resultaat",
    label: true,
  },
  failedTitle: {
    name: "zelftest.bevestigen.failed.title",
    text: "Bevestigen is niet gelukt",
  },
} satisfies Record<string, LaterBlock>;

/** /wees-eerlijk/zelftest/bevestigen below its title: confirms the address the result is mailed to. */
export function ConfirmSelfTestMail() {
  const state = useLinkToken(
    confirmSelfTestMail,
    "Deze bevestigingslink is onvolledig. Gebruik de link uit je e-mail.",
  );

  return (
    <LinkTokenOutcome
      state={state}
      loading="Je e-mailadres wordt bevestigd…"
      failedTitle={confirmMailTexts.failedTitle}
      done={(data) => (
        <>
          <Later
            block={confirmMailTexts.doneTitle}
            as="h2"
            className="text-2xl"
          />
          <Later
            block={confirmMailTexts.doneText}
            as="p"
            className="mt-2 text-lg text-ink-soft"
          />
          <ButtonLink
            to={`/wees-eerlijk/zelftest/resultaat?token=${encodeURIComponent(data.result_token)}`}
            className="mt-6"
          >
            <Later block={confirmMailTexts.result} />
          </ButtonLink>
        </>
      )}
    >
      <ButtonLink to="/" variant="secondary" className="mt-8">
        <Block name="zelftest.bevestigen.home">Naar de startpagina</Block>
      </ButtonLink>
    </LinkTokenOutcome>
  );
}
