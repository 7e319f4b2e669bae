import { Block, LaterBlocks } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ConfirmSubscription, confirmSubscriptionTexts } from "@/features/newsletter/components/confirm-subscription";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Nieuwsbrief bevestigen",
    description: "Bevestig je inschrijving op de nieuwsbrief.",
    path: "/nieuwsbrief/bevestigen",
    robots: "noindex, follow",
  });
}

export default function NieuwsbriefBevestigen() {
  return (
    <>
      <PageHero title={<Block name="nieuwsbrief.bevestigen.title">Nieuwsbrief</Block>} />
      <LaterBlocks blocks={Object.values(confirmSubscriptionTexts)} />
      <Section>
        <Island name="newsletter-confirm" component={ConfirmSubscription} props={{}} />
      </Section>
    </>
  );
}
