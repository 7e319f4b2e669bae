import { Block } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site } from "@/config/site";
import { formatPriceCents } from "@/lib/format";
import { pageMeta } from "@/lib/seo";
import { islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Transformeer", path: "/transformeer" }];

export function meta() {
  return pageMeta({
    title: "Transformeer",
    description: `Stap 3: verander wat je niet langer wilt. Met ${getCourse("zelfbeeld-ommekeer").name}, ${getCourse("zelfbeeld-ommekeer").durationDays} dagen in ${site.contact.city}, en de online webinar-reeks.`,
    path: "/transformeer",
    breadcrumbs: crumbs,
  });
}

export default function Transformeer() {
  const ommekeer = getCourse("zelfbeeld-ommekeer");
  return (
    <>
      <PageHero
        eyebrow={<Block name="transformeer.eyebrow">Stap 3</Block>}
        title={<Block name="transformeer.title">Transformeer</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="transformeer.intro" as="p">
            Inzicht is waardevol, maar pas als je het in je leven brengt, verandert er echt iets. In deze stap laat je
            oude overtuigingen los en bouw je aan een zelfbeeld dat bij je past.
          </Block>
        }
      />
      <Section id="wat-verandert" title={<Block name="transformeer.change.title">Wat er kan veranderen</Block>}>
        <Block name="transformeer.change.text" as="div" rich className="prose-page max-w-3xl text-lg text-ink-soft">
          <p>
            Misschien wil je stoppen met pleasen. Of durven kiezen voor jezelf zonder schuldgevoel. Of eindelijk geloven
            dat je goed genoeg bent, ook als het niet perfect gaat. Transformatie betekent niet dat je iemand anders
            wordt. Het betekent dat je meer jezelf wordt.
          </p>
          <p>
            We werken met wat je in de vorige stappen ontdekte, en zetten het om in nieuwe keuzes, nieuwe gewoonten en
            een nieuw verhaal over wie je bent.
          </p>
        </Block>
      </Section>
      <Section id="aanbod" tone="deep" title={<Block name="transformeer.offer.title">Zo ga je aan de slag</Block>}>
        <ul className="grid gap-6 md:grid-cols-2">
          <li className="flex flex-col rounded-2xl border border-sand bg-paper p-6">
            <Block
              name="transformeer.zelfbeeld-ommekeer.eyebrow"
              as="p"
              className="text-sm font-semibold uppercase tracking-widest text-gold-ink"
            >
              {`${ommekeer.durationDays} dagen ter plaatse`}
            </Block>
            <h3 data-from="product" className="mt-1 text-2xl">
              {ommekeer.name}
            </h3>
            <Block name="transformeer.zelfbeeld-ommekeer.text" as="p" className="mt-2 flex-1 text-ink-soft">
              {ommekeer.description}
            </Block>
            <p className="mt-4 font-semibold text-teal">
              <span data-from="product" className="whitespace-nowrap">
                {formatPriceCents(ommekeer.priceCents)}
              </span>
            </p>
            <ButtonLink to={ommekeer.path} variant="secondary" className="mt-5 self-start">
              <Block name="transformeer.zelfbeeld-ommekeer.button">{`Bekijk ${ommekeer.name}`}</Block>
            </ButtonLink>
          </li>
          <li className="flex flex-col rounded-2xl border border-sand bg-paper p-6">
            <Block name="transformeer.webinars.eyebrow" as="p" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
              Online
            </Block>
            <Block name="transformeer.webinars.title" as="h3" className="mt-1 text-2xl">
              Webinar-reeks
            </Block>
            <Block name="transformeer.webinars.text" as="p" className="mt-2 flex-1 text-ink-soft">
              Live online sessies waarin we telkens één thema uitdiepen, met concrete oefeningen om mee aan de slag te
              gaan.
            </Block>
            <ButtonLink to="/transformeer/webinar-reeks" variant="secondary" className="mt-5 self-start">
              <Block name="transformeer.webinars.button">Bekijk de webinar-reeks</Block>
            </ButtonLink>
          </li>
        </ul>
      </Section>
    </>
  );
}
