import { Block, LaterBlocks } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ConfirmSelfTestMail, confirmMailTexts } from "@/features/selftest/components/confirm-mail";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Je e-mailadres bevestigen",
    description: "Bevestig je e-mailadres om je resultaat van de zelftest te ontvangen.",
    path: "/wees-eerlijk/zelftest/bevestigen",
    robots: "noindex, follow",
  });
}

export default function ZelftestBevestigen() {
  return (
    <>
      <PageHero title={<Block name="zelftest.bevestigen.title">Je resultaat van de zelftest</Block>} />
      <LaterBlocks blocks={Object.values(confirmMailTexts)} />
      <Section>
        <Island name="selftest-confirm" component={ConfirmSelfTestMail} props={{}} />
      </Section>
    </>
  );
}
