import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { EventsLoading } from "@/components/ui/load-status";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { useSelfTestResult } from "@/features/selftest/api/get-result";
import { mailTexts, ResultMailForm } from "@/features/selftest/components/result-mail-form";
import { resultTexts, SelfTestResultView } from "@/features/selftest/components/selftest-result";
import { useHydrated } from "@/lib/use-hydrated";
import { pageMeta } from "@/lib/seo";

const crumbs = [
  { name: "Wees eerlijk", path: "/wees-eerlijk" },
  { name: "Zelftest", path: "/wees-eerlijk/zelftest" },
  { name: "Resultaat", path: "/wees-eerlijk/zelftest/resultaat" },
];

export function meta() {
  return pageMeta({
    title: "Je resultaat van de zelftest",
    description: "Je resultaat van de zelftest, met de stap die erbij past.",
    path: "/wees-eerlijk/zelftest/resultaat",
    breadcrumbs: crumbs,
    robots: "noindex, follow",
  });
}

const texts = {
  missing: {
    name: "zelftest.resultaat.missing",
    text: "Deze link naar een resultaat is onvolledig. Gebruik de link uit je e-mail, of doe de test opnieuw.",
  },
  failed: { name: "zelftest.resultaat.failed", text: "Je resultaat kon nu niet geladen worden. Probeer het later opnieuw." },
} satisfies Record<string, LaterBlock>;

function ResultIsland() {
  const hydrated = useHydrated();
  const token = hydrated ? new URLSearchParams(window.location.search).get("token") : null;
  const result = useSelfTestResult(token);

  if (!hydrated) return <EventsLoading />;
  if (!token) {
    return <Later block={texts.missing} as="p" role="alert" className="max-w-2xl text-lg text-ink-soft" />;
  }
  if (result.isPending) return <EventsLoading />;
  if (result.isError) {
    return (
      <p role="alert" className="max-w-2xl text-lg text-ink-soft">
        {result.error.message ? <span data-from="server">{result.error.message}</span> : <Later block={texts.failed} />}
      </p>
    );
  }
  return <SelfTestResultView result={result.data} after={<ResultMailForm token={token} mail={result.data.mail} />} />;
}

export default function ZelftestResultaat() {
  return (
    <>
      <PageHero
        title={<Block name="zelftest.resultaat.title">Je resultaat</Block>}
        breadcrumbs={crumbs}
      />
      <Section>
        <ResultIsland />
        <ButtonLink to="/wees-eerlijk/zelftest" variant="ghost" className="mt-12">
          <Block name="zelftest.resultaat.again">De test opnieuw doen</Block>
        </ButtonLink>
      </Section>
      <LaterBlocks blocks={[...Object.values(texts), ...Object.values(resultTexts), ...Object.values(mailTexts)]} />
    </>
  );
}
