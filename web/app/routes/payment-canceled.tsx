import { ButtonLink } from "@/components/ui/button-link";
import { Notice } from "@/components/ui/notice";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Betaling geannuleerd", path: "/payment-canceled", robots: "noindex, follow" });
}

export default function PaymentCanceled() {
  return (
    <>
      <PageHero title="Je betaling is niet doorgegaan" />
      <Section>
        <div className="max-w-2xl space-y-6">
          <p className="text-lg text-ink-soft">
            Geen zorgen: er is niets aangerekend. Wil je het opnieuw proberen, of heb je liever eerst wat meer uitleg?
          </p>
          <Notice title="Online betalen is binnenkort mogelijk">
            <p>
              Online betalen is binnenkort mogelijk. Wil je nu al inschrijven?{" "}
              <a href={`mailto:${site.contact.email}`} className="text-link">
                Mail ons
              </a>
              .
            </p>
          </Notice>
          <div className="flex flex-wrap gap-4">
            <ButtonLink to="/checkout">Opnieuw proberen</ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              Stel een vraag
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
