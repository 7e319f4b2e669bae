import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { PaymentSuccess as PaymentSuccessIsland, PaymentTexts } from "@/features/checkout/components/payment-status";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({ title: "Betaling geslaagd", path: "/payment-success", robots: "noindex, follow" });
}

export default function PaymentSuccess() {
  return (
    <>
      <PageHero title={<Block name="payment-success.title">Bedankt voor je bestelling</Block>} />
      <PaymentTexts />
      <Section>
        <Island name="payment-success" component={PaymentSuccessIsland} props={{}} />
      </Section>
    </>
  );
}
