import { Block } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { PagePhoto, PHOTO_SIZES } from "@/components/ui/page-photo";
import { Section } from "@/components/ui/section";
import { Live } from "@/components/ui/live";
import { liveText, site } from "@/config/site";
import { pageMeta } from "@/lib/seo";
import { islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Over mij", path: "/over-mij" }];

export function meta() {
  return pageMeta({
    title: "Over mij",
    description: `Maak kennis met ${site.coach.name}, ${site.coach.role.toLowerCase()} in ${site.contact.city}, en ontdek hoe ze werkt.`,
    path: "/over-mij",
    breadcrumbs: crumbs,
  });
}

const values = [
  { title: "Eerlijk", text: "Ik zeg wat ik zie, met respect. Want pas als iets benoemd is, kan je er iets mee." },
  { title: "Mild", text: "Je bent al streng genoeg voor jezelf. Bij mij mag het zachter." },
  { title: "Concreet", text: "Inzicht is mooi, maar het moet ook werken in je dagelijkse leven." },
];

export default function OverMij() {
  const { coach } = site;
  return (
    <>
      <PageHero
        eyebrow={<Block name="over-mij.eyebrow">{coach.role}</Block>}
        title={<Block name="over-mij.title">Over mij</Block>}
        breadcrumbs={crumbs}
      />
      <Section id="verhaal">
        <div className="grid items-start gap-10 md:grid-cols-[0.8fr_1.2fr]">
          {/* The portrait is in the first screen: loaded at once and first. */}
          <PagePhoto slot="portrait" priority sizes={PHOTO_SIZES} imgClassName="mx-auto w-full max-w-sm rounded-3xl shadow-md">
            <img
              src={coach.photo}
              fetchPriority="high"
              alt={liveText(`Portret van ${coach.name}`)}
              data-live-attrs=""
              width={480}
              height={560}
              className="mx-auto w-full max-w-sm rounded-3xl shadow-md"
            />
          </PagePhoto>
          <div>
            <Block name="over-mij.story" as="div" rich className="prose-page text-lg text-ink-soft">
              <h2 className="!mt-0">
                Hallo, ik ben <Live field="coachName" />
              </h2>
              <p>
                Jarenlang was ik vooral goed in het tevreden houden van anderen. Ik deed wat er verwacht werd, en deed
                het goed. Tot ik merkte dat ik mezelf onderweg kwijt was geraakt.
              </p>
              <p>
                Die ontdekking was het begin van een lange, eerlijke zoektocht. Ik volgde opleidingen in coaching en
                lichaamsgericht werken, maar leerde minstens zoveel van de mensen die ik onderweg mocht begeleiden.
              </p>
              <p>
                Met <Live field="brand" /> wil ik een plek bieden waar je jezelf in het licht mag zetten, met alles
                wat erbij hoort. Ik werk vanuit mijn praktijk in <Live field="city" />, en online.
              </p>
              <h3>Waar ik voor sta</h3>
              <ul className="!list-none !pl-0">
                {values.map((v) => (
                  <li key={v.title}>
                    <strong className="text-ink">{v.title}.</strong> {v.text}
                  </li>
                ))}
              </ul>
            </Block>
            <div className="mt-8 flex flex-wrap gap-4">
              <ButtonLink to="/gratis-kennismakingsgesprek">
                <Block name="over-mij.button">Plan een gratis gesprek</Block>
              </ButtonLink>
              <ButtonLink to="/contact" variant="secondary">
                <Block name="over-mij.button-contact">Neem contact op</Block>
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}
