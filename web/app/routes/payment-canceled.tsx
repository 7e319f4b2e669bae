import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { PaymentTexts, PaymentCanceledContent } from "@/features/checkout/components/payment-status";
import { pageMeta } from "@/lib/seo";
import { useHydrated } from "@/lib/use-hydrated";

export function meta() {
  return pageMeta({ title: "Betaling geannuleerd", path: "/payment-canceled", robots: "noindex, follow" });
}

export default function PaymentCanceled() {
  const hydrated = useHydrated();
  return (
    <>
      <PageHero title={<Block name="payment-canceled.title">Je betaling is niet doorgegaan</Block>} />
      <PaymentTexts />
      <Section>{hydrated ? <PaymentCanceledContent /> : <Spinner label="Laden…" />}</Section>
    </>
  );
}
