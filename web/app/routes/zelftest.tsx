import { Block, LaterBlocks } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { publicTexts, SelfTestPublic } from "@/features/selftest/components/selftest-public";
import { runnerTexts } from "@/features/selftest/components/selftest-runner";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

const crumbs = [
  { name: "Wees eerlijk", path: "/wees-eerlijk" },
  { name: "Zelftest", path: "/wees-eerlijk/zelftest" },
];

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "De zelftest",
    description:
      "Doe de gratis zelftest: een paar eerlijke vragen, één per scherm, en meteen je resultaat met een volgende stap die bij je past.",
    path: "/wees-eerlijk/zelftest",
    breadcrumbs: crumbs,
  });
}

/** Her own self-test: a prerendered page around the island that runs it. */
export default function Zelftest() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="zelftest.eyebrow">Stap 1</Block>}
        title={<Block name="zelftest.title">De zelftest</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="zelftest.intro" as="p">
            Neem even de tijd voor jezelf. Er zijn geen goede of foute antwoorden: antwoord zoals het nu is.
          </Block>
        }
      />
      <Section>
        {/* A screen high while the test loads and once it shows, so the footer never jumps. */}
        <div className="min-h-svh">
          <Island name="selftest" component={SelfTestPublic} props={{}} />
        </div>
      </Section>
      <LaterBlocks blocks={[...Object.values(runnerTexts), ...Object.values(publicTexts)]} />
    </>
  );
}
