import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ParticipantReview } from "@/features/reviews/components/participant-review";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Deel je ervaring",
    description: "Vertel hoe je de vertelavond of cursus beleefd hebt.",
    path: "/ervaring-delen",
    robots: "noindex, follow",
  });
}

export default function ErvaringDelen() {
  return (
    <>
      <PageHero title="Deel je ervaring" />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          <ParticipantReview />
          <div className="mt-8">
            <ButtonLink to="/" variant="secondary">
              Naar de startpagina
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
