import { CheckCircle2 } from "lucide-react";
import { ButtonLink } from "@/components/ui/button-link";
import { Notice } from "@/components/ui/notice";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Betaling geslaagd", path: "/payment-success", robots: "noindex, follow" });
}

export default function PaymentSuccess() {
  return (
    <>
      <PageHero title="Bedankt voor je bestelling" />
      <Section>
        <div className="max-w-2xl space-y-6">
          <div className="flex items-start gap-4">
            <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
            <p className="text-lg text-ink-soft">
              Hier zie je straks de details van je bestelling, zodra je betaling bevestigd is. Je ontvangt dan ook een
              bevestiging per e-mail.
            </p>
          </div>
          <Notice title="Online betalen is binnenkort mogelijk">
            <p>
              Online betalen is binnenkort mogelijk. Heb je een vraag over een bestelling? Mail naar{" "}
              <a href={`mailto:${site.contact.email}`} className="text-link">
                {site.contact.email}
              </a>
              .
            </p>
          </Notice>
          <ButtonLink to="/">Terug naar de startpagina</ButtonLink>
        </div>
      </Section>
    </>
  );
}
