import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { PaymentTexts, PaymentSuccessContent } from "@/features/checkout/components/payment-status";
import { pageMeta } from "@/lib/seo";
import { useHydrated } from "@/lib/use-hydrated";

export function meta() {
  return pageMeta({ title: "Betaling geslaagd", path: "/payment-success", robots: "noindex, follow" });
}

export default function PaymentSuccess() {
  // The order id is in the query string, which only the browser knows.
  const hydrated = useHydrated();
  return (
    <>
      <PageHero title={<Block name="payment-success.title">Bedankt voor je bestelling</Block>} />
      <PaymentTexts />
      <Section>{hydrated ? <PaymentSuccessContent /> : <Spinner label="Je bestelling wordt geladen…" />}</Section>
    </>
  );
}
