import { Block, LaterBlocks } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Unsubscribe, unsubscribeTexts } from "@/features/newsletter/components/unsubscribe";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Uitschrijven",
    description: "Schrijf je uit voor de nieuwsbrief.",
    path: "/nieuwsbrief/uitschrijven",
    robots: "noindex, follow",
  });
}

export default function NieuwsbriefUitschrijven() {
  return (
    <>
      <PageHero title={<Block name="nieuwsbrief.uitschrijven.title">Uitschrijven voor de nieuwsbrief</Block>} />
      <LaterBlocks blocks={Object.values(unsubscribeTexts)} />
      <Section>
        <Island name="newsletter-unsubscribe" component={Unsubscribe} props={{}} />
      </Section>
    </>
  );
}
