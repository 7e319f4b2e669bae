import { Block, LaterBlocks } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { mailTexts } from "@/features/selftest/components/result-mail-form";
import { resultLinkTexts, SelfTestResultFromLink } from "@/features/selftest/components/result-from-link";
import { resultTexts } from "@/features/selftest/components/selftest-result";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

const crumbs = [
  { name: "Wees eerlijk", path: "/wees-eerlijk" },
  { name: "Zelftest", path: "/wees-eerlijk/zelftest" },
  { name: "Resultaat", path: "/wees-eerlijk/zelftest/resultaat" },
];

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Je resultaat van de zelftest",
    description: "Je resultaat van de zelftest, met de stap die erbij past.",
    path: "/wees-eerlijk/zelftest/resultaat",
    breadcrumbs: crumbs,
    robots: "noindex, follow",
  });
}

export default function ZelftestResultaat() {
  return (
    <>
      <PageHero
        title={<Block name="zelftest.resultaat.title">Je resultaat</Block>}
        breadcrumbs={crumbs}
      />
      <Section>
        <Island name="selftest-result" component={SelfTestResultFromLink} props={{}} />
        <ButtonLink to="/wees-eerlijk/zelftest" variant="ghost" className="mt-12">
          <Block name="zelftest.resultaat.again">De test opnieuw doen</Block>
        </ButtonLink>
      </Section>
      <LaterBlocks blocks={[...Object.values(resultLinkTexts), ...Object.values(resultTexts), ...Object.values(mailTexts)]} />
    </>
  );
}
