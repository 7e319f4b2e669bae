import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { CheckCircle2 } from "@/components/ui/icons";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { confirmSelfTestMail } from "@/features/selftest/api/confirm-result";
import { useLinkToken } from "@/lib/link-token";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Je e-mailadres bevestigen",
    description: "Bevestig je e-mailadres om je resultaat van de zelftest te ontvangen.",
    path: "/wees-eerlijk/zelftest/bevestigen",
    robots: "noindex, follow",
  });
}

const texts = {
  doneTitle: { name: "zelftest.bevestigen.done.title", text: "Je adres is bevestigd" },
  doneText: {
    name: "zelftest.bevestigen.done.text",
    text: "Dank je! Je resultaat is onderweg naar je mailbox. Je kan het hier ook meteen bekijken.",
  },
  result: { name: "zelftest.bevestigen.result", text: "Bekijk je resultaat", label: true },
  failedTitle: { name: "zelftest.bevestigen.failed.title", text: "Bevestigen is niet gelukt" },
} satisfies Record<string, LaterBlock>;

export default function ZelftestBevestigen() {
  const state = useLinkToken(confirmSelfTestMail, "Deze bevestigingslink is onvolledig. Gebruik de link uit je e-mail.");

  return (
    <>
      <PageHero title={<Block name="zelftest.bevestigen.title">Je resultaat van de zelftest</Block>} />
      <LaterBlocks blocks={Object.values(texts)} />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          {state.kind === "loading" ? (
            <Spinner label="Je e-mailadres wordt bevestigd…" className="justify-start" />
          ) : state.kind === "done" ? (
            <div className="flex items-start gap-4">
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
              <div>
                <Later block={texts.doneTitle} as="h2" className="text-2xl" />
                <Later block={texts.doneText} as="p" className="mt-2 text-lg text-ink-soft" />
                <ButtonLink
                  to={`/wees-eerlijk/zelftest/resultaat?token=${encodeURIComponent(state.data.result_token)}`}
                  className="mt-6"
                >
                  <Later block={texts.result} />
                </ButtonLink>
              </div>
            </div>
          ) : (
            <div>
              <Later block={texts.failedTitle} as="h2" className="text-2xl" />
              <p role="alert" data-from="server" className="mt-2 text-lg text-ink-soft">
                {state.message}
              </p>
            </div>
          )}
          <ButtonLink to="/" variant="secondary" className="mt-8">
            <Block name="zelftest.bevestigen.home">Naar de startpagina</Block>
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
