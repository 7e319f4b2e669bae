import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { CheckoutLaterBlocks, CheckoutPage } from "@/features/checkout/components/checkout-page";
import { LeaveEmail } from "@/features/newsletter/components/leave-email";
import { EventsLoading } from "@/components/ui/load-status";
import { pageMeta } from "@/lib/seo";
import { useHydrated } from "@/lib/use-hydrated";

const crumbs = [{ name: "Afrekenen", path: "/checkout" }];

export function meta() {
  return pageMeta({
    title: "Afrekenen",
    description: `Bestel je ticket of cursus bij ${site.brand}.`,
    path: "/checkout",
    breadcrumbs: crumbs,
  });
}

export default function Checkout() {
  // The query string (product, date, quantity) is only known in the browser.
  const hydrated = useHydrated();
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
          {hydrated ? (
            <CheckoutPage leaveEmail={(message) => <LeaveEmail>{message}</LeaveEmail>} />
          ) : (
            <>
              <CheckoutLaterBlocks />
              <EventsLoading />
            </>
          )}
        </div>
      </Section>
    </>
  );
}
