import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { CheckCircle2 } from "@/components/ui/icons";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { confirmNewsletter } from "@/features/newsletter/api/confirm";
import { useLinkToken } from "@/lib/link-token";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Nieuwsbrief bevestigen",
    description: "Bevestig je inschrijving op de nieuwsbrief.",
    path: "/nieuwsbrief/bevestigen",
    robots: "noindex, follow",
  });
}

const texts = {
  doneTitle: { name: "nieuwsbrief.bevestigen.done.title", text: "Je inschrijving is bevestigd" },
  doneText: {
    name: "nieuwsbrief.bevestigen.done.text",
    text: "Welkom! Vanaf nu ontvang je de nieuwsbrief met inzichten en nieuwe data.",
  },
  failedTitle: { name: "nieuwsbrief.bevestigen.failed.title", text: "Bevestigen is niet gelukt" },
} satisfies Record<string, LaterBlock>;

export default function NieuwsbriefBevestigen() {
  const state = useLinkToken(confirmNewsletter, "Deze bevestigingslink is onvolledig. Gebruik de link uit je e-mail.");

  return (
    <>
      <PageHero title={<Block name="nieuwsbrief.bevestigen.title">Nieuwsbrief</Block>} />
      <LaterBlocks blocks={Object.values(texts)} />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          {state.kind === "loading" ? (
            <Spinner label="Je inschrijving wordt bevestigd…" className="justify-start" />
          ) : state.kind === "done" ? (
            <div className="flex items-start gap-4">
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
              <div>
                <Later block={texts.doneTitle} as="h2" className="text-2xl" />
                <Later block={texts.doneText} as="p" className="mt-2 text-lg text-ink-soft" />
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
            <Block name="nieuwsbrief.bevestigen.home">Naar de startpagina</Block>
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
