import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { PaymentCanceled as PaymentCanceledIsland, PaymentTexts } from "@/features/checkout/components/payment-status";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({ title: "Betaling geannuleerd", path: "/payment-canceled", robots: "noindex, follow" });
}

export default function PaymentCanceled() {
  return (
    <>
      <PageHero title={<Block name="payment-canceled.title">Je betaling is niet doorgegaan</Block>} />
      <PaymentTexts />
      <Section>
        <Island name="payment-canceled" component={PaymentCanceledIsland} props={{}} />
      </Section>
    </>
  );
}
