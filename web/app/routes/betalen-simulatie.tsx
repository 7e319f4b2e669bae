import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { SimulatedPaymentContent } from "@/features/checkout/components/simulated-payment";
import { EventsLoading } from "@/components/ui/load-status";
import { pageMeta } from "@/lib/seo";
import { useHydrated } from "@/lib/use-hydrated";

// The simulated payment provider's page (`payments.provider = "simulated"`, the default).
export function meta() {
  return pageMeta({ title: "Testbetaling", path: "/betalen/simulatie", noindex: true });
}

export default function BetalenSimulatie() {
  const hydrated = useHydrated();
  return (
    <>
      <PageHero
        eyebrow={<Block name="betalen.simulatie.eyebrow">Testomgeving</Block>}
        title={<Block name="betalen.simulatie.title">Testbetaling</Block>}
      />
      <Section>{hydrated ? <SimulatedPaymentContent /> : <EventsLoading />}</Section>
    </>
  );
}
