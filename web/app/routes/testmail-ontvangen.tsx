import { Block, LaterBlocks } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { TestMailReceived, testMailReceivedTexts } from "@/features/go-live/components/test-mail-received";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Testmail ontvangen",
    description: "Bevestig dat de testmail van je website aankwam.",
    path: "/testmail/ontvangen",
    robots: "noindex, nofollow",
  });
}

export default function TestmailOntvangen() {
  return (
    <>
      <PageHero title={<Block name="testmail.ontvangen.title">Testmail</Block>} />
      <LaterBlocks blocks={Object.values(testMailReceivedTexts)} />
      <Section>
        <Island name="test-mail-received" component={TestMailReceived} props={{}} />
      </Section>
    </>
  );
}
