import { Block } from "@/components/ui/block";
import { Link } from "react-router";
import { Live } from "@/components/ui/live";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site } from "@/config/site";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

// Rendered at /transformeer/webinar-reeks and /webinar-reeks; one canonical URL.
const crumbs = [
  { name: "Transformeer", path: "/transformeer" },
  { name: "Webinar-reeks", path: "/transformeer/webinar-reeks" },
];

export function meta() {
  return pageMeta({
    title: "Webinar-reeks",
    description: `Live online webinars van ${site.brand}: telkens één thema rond zelfbeeld en zelfaanvaarding, met oefeningen om mee aan de slag te gaan.`,
    path: "/transformeer/webinar-reeks",
    breadcrumbs: crumbs,
  });
}

export default function WebinarReeks() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="webinar-reeks.eyebrow">Transformeer · Online</Block>}
        title={<Block name="webinar-reeks.title">Webinar-reeks</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="webinar-reeks.intro" as="p">
            Een reeks live online sessies, elk rond één thema: pleasen, grenzen, innerlijke kritiek, zelfvertrouwen. Je
            volgt ze van thuis uit, met een kop thee erbij.
          </Block>
        }
      />
      <Section id="zo-werkt-het" title={<Block name="webinar-reeks.how.title">Zo werkt de reeks</Block>}>
        <Block name="webinar-reeks.how.text" as="div" rich className="prose-page max-w-3xl text-lg text-ink-soft">
          <p>
            Elk webinar duurt ongeveer een uur. <Live field="coachName" /> legt een thema uit, geeft voorbeelden uit de praktijk
            en sluit af met een oefening die je meteen kan toepassen. Vragen stellen kan via de chat.
          </p>
          <p>
            Je kan één webinar volgen of de hele reeks. Na je inschrijving ontvang je een e-mail met de link om deel te
            nemen en een uitnodiging voor je agenda; de dag voordien krijg je nog een herinnering.
          </p>
        </Block>
      </Section>
      <Section
        id="komende-webinars"
        tone="deep"
        title={<Block name="webinar-reeks.upcoming.title">Komende webinars</Block>}
      >
        <Island name="offer" component={Offer} props={{ name: "webinars" }} />
        <Block name="webinar-reeks.upcoming.onsite" as="p" className="mt-8 text-ink-soft">
          Liever ter plaatse aan de slag? Bekijk{" "}
          <Link to={getCourse("zelfbeeld-ommekeer").path} className="text-link">
            {getCourse("zelfbeeld-ommekeer").name}
          </Link>
          .
        </Block>
      </Section>
      <Section id="nieuwsbrief" title={<Block name="webinar-reeks.newsletter.title">Hou me op de hoogte</Block>}>
        <Island name="newsletter" component={NewsletterForm} props={{}} />
      </Section>
    </>
  );
}
