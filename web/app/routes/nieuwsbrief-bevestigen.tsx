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

export default function NieuwsbriefBevestigen() {
  const state = useLinkToken(confirmNewsletter, "Deze bevestigingslink is onvolledig. Gebruik de link uit je e-mail.");

  return (
    <>
      <PageHero title="Nieuwsbrief" />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          {state.kind === "loading" ? (
            <Spinner label="Je inschrijving wordt bevestigd…" className="justify-start" />
          ) : state.kind === "done" ? (
            <div className="flex items-start gap-4">
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
              <div>
                <h2 className="text-2xl">Je inschrijving is bevestigd</h2>
                <p className="mt-2 text-lg text-ink-soft">
                  Welkom! Vanaf nu ontvang je de nieuwsbrief met inzichten en nieuwe data.
                </p>
              </div>
            </div>
          ) : (
            <div>
              <h2 className="text-2xl">Bevestigen is niet gelukt</h2>
              <p role="alert" className="mt-2 text-lg text-ink-soft">
                {state.message}
              </p>
            </div>
          )}
          <ButtonLink to="/" variant="secondary" className="mt-8">
            Naar de startpagina
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
