import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { SimulatedPayment } from "@/features/checkout/components/simulated-payment";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

// The simulated payment provider's page (`payments.provider = "simulated"`, the default).
export const handle = islandsPage;

export function meta() {
  return pageMeta({ title: "Testbetaling", path: "/betalen/simulatie", noindex: true });
}

export default function BetalenSimulatie() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="betalen.simulatie.eyebrow">Testomgeving</Block>}
        title={<Block name="betalen.simulatie.title">Testbetaling</Block>}
      />
      <Section>
        <Island name="simulated-payment" component={SimulatedPayment} props={{}} />
      </Section>
    </>
  );
}
