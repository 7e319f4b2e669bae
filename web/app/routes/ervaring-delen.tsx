import { Block } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ParticipantReview } from "@/features/reviews/components/participant-review";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

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
      <PageHero title={<Block name="ervaring-delen.title">Deel je ervaring</Block>} />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          <Island name="participant-review" component={ParticipantReview} props={{}} />
          <div className="mt-8">
            <ButtonLink to="/" variant="secondary">
              <Block name="ervaring-delen.home">Naar de startpagina</Block>
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
