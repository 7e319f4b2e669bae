import { Block } from "@/components/ui/block";
import { ClipboardCheck, Clock, Lock } from "@/components/ui/icons";
import { ExternalLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ButtonLink } from "@/components/ui/button-link";
import { liveHref } from "@/config/site";
import { pageMeta } from "@/lib/seo";
import { islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Wees eerlijk", path: "/wees-eerlijk" }];

export function meta() {
  return pageMeta({
    title: "Wees eerlijk – doe de zelftest",
    description:
      "Stap 1: doe de gratis zelftest en krijg in een paar minuten een eerlijk beeld van waar je vandaag staat.",
    path: "/wees-eerlijk",
    breadcrumbs: crumbs,
  });
}

const facts = [
  {
    icon: Clock,
    key: "wees-eerlijk.how.time",
    title: "Ongeveer tien minuten",
    text: "Neem er rustig de tijd voor, op een moment dat je niet gestoord wordt.",
  },
  {
    icon: ClipboardCheck,
    key: "wees-eerlijk.how.questions",
    title: "Eerlijke vragen",
    text: "Er zijn geen goede of foute antwoorden. Antwoord zoals het nu is, niet zoals je zou willen.",
  },
  {
    icon: Lock,
    key: "wees-eerlijk.how.free",
    title: "Gratis en vrijblijvend",
    text: "Je krijgt meteen je resultaat, met een korte uitleg over wat het betekent.",
  },
];

export default function WeesEerlijk() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="wees-eerlijk.eyebrow">Stap 1</Block>}
        title={<Block name="wees-eerlijk.title">Wees eerlijk</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="wees-eerlijk.intro" as="p">
            Verandering begint bij een eerlijke blik op jezelf. De zelftest
            helpt je om stil te staan bij hoe je naar jezelf kijkt, wat je
            energie geeft en waar je jezelf misschien tekortdoet.
          </Block>
        }
      >
        <ExternalLink
          href={liveHref("quizUrl")}
          data-live-href="quizUrl"
          variant="primary"
        >
          <Block name="wees-eerlijk.button">Start de zelftest</Block>
        </ExternalLink>
      </PageHero>

      <Section
        id="zo-werkt-het"
        title={<Block name="wees-eerlijk.how.title">Zo werkt de zelftest</Block>}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {facts.map(({ icon: Icon, key, title, text }) => (
            <li
              key={key}
              className="rounded-2xl border border-sand bg-paper p-6"
            >
              <Icon aria-hidden="true" className="h-7 w-7 text-teal" />
              <Block name={`${key}.title`} as="h3" className="mt-3 text-xl">
                {title}
              </Block>
              <Block name={`${key}.text`} as="p" className="mt-2 text-ink-soft">
                {text}
              </Block>
            </li>
          ))}
        </ul>
        <Block
          name="wees-eerlijk.how.text"
          as="div"
          rich
          className="prose-page mt-10 max-w-2xl text-lg text-ink-soft"
        >
          <p>
            Hou je resultaat gerust bij: het is een mooi vertrekpunt voor stap
            2, waarin je leert begrijpen waarom je bent zoals je bent.
          </p>
          <p>
            Schrikt je resultaat je wat af? Dat is heel normaal. Eerlijk kijken
            vraagt moed, en je hoeft er niet alleen mee verder.
          </p>
        </Block>
      </Section>

      <Section
        id="volgende-stap"
        tone="deep"
        title={<Block name="wees-eerlijk.next.title">En daarna?</Block>}
      >
        <Block
          name="wees-eerlijk.next.text"
          as="p"
          className="max-w-2xl text-lg text-ink-soft"
        >
          Met je resultaat in de hand kan je verder naar stap 2. Of je plant
          eerst een gratis kennismakingsgesprek, zodat we samen naar je
          resultaat kunnen kijken.
        </Block>
        <div className="mt-8 flex flex-wrap gap-4">
          <ButtonLink to="/begrijp-jezelf">
            <Block name="wees-eerlijk.next.button">
              Naar stap 2: Begrijp jezelf
            </Block>
          </ButtonLink>
          <ButtonLink to="/gratis-kennismakingsgesprek" variant="secondary">
            <Block name="wees-eerlijk.next.button-call">
              Plan een gratis gesprek
            </Block>
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
