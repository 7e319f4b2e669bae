import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { Island, islandsPage } from "@/islands/island";
import { CheckoutFlow } from "@/islands/checkout";
import { pageMeta } from "@/lib/seo";

const crumbs = [{ name: "Afrekenen", path: "/checkout" }];

export function meta() {
  return pageMeta({
    title: "Afrekenen",
    description: `Bestel je ticket of cursus bij ${site.brand}.`,
    path: "/checkout",
    breadcrumbs: crumbs,
  });
}

export const handle = islandsPage;

export default function Checkout() {
  return (
    <>
      <PageHero
        title={<Block name="checkout.title">Afrekenen</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="checkout.intro" as="p">
            Vul je gegevens in, kijk je bestelling na en ga verder naar de betaling.
          </Block>
        }
      />
      <Section>
        {/* A screen high in both states, so the footer does not jump when the form replaces the spinner. */}
        <div className="min-h-svh">
          <Island name="checkout" component={CheckoutFlow} props={{}} />
        </div>
      </Section>
    </>
  );
}
