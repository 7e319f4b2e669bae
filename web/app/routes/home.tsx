import {
  ArrowRight,
  CalendarHeart,
  MessageCircleHeart,
  Sparkles,
} from "@/components/ui/icons";
import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { PagePhoto, PHOTO_SIZES } from "@/components/ui/page-photo";
import { Link } from "react-router";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { Section } from "@/components/ui/section";
import { SunMotif } from "@/components/ui/sun-motif";
import { liveText, site, siteAsBuilt } from "@/config/site";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { Testimonials } from "@/features/reviews/components/testimonials";
import { IntroVideo } from "@/components/ui/video-embed";
import { pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: siteAsBuilt.tagline,
    description: siteAsBuilt.description,
    path: "/",
  });
}

const steps = [
  {
    number: 1,
    key: "home.steps.1",
    title: "Wees eerlijk",
    to: "/wees-eerlijk",
    text: "Alles begint met een eerlijke blik. Met de zelftest zie je in een paar minuten waar je nu staat, zonder oordeel.",
  },
  {
    number: 2,
    key: "home.steps.2",
    title: "Begrijp jezelf",
    to: "/begrijp-jezelf",
    text: "Ontdek waarom je doet wat je doet. Je leert je patronen, overtuigingen en gevoelens kennen en er mild naar kijken.",
  },
  {
    number: 3,
    key: "home.steps.3",
    title: "Transformeer",
    to: "/transformeer",
    text: "Laat los wat je niet langer wilt en bouw aan een zelfbeeld dat klopt met wie je vandaag bent.",
  },
];

const ctas = [
  {
    icon: Sparkles,
    key: "home.offer.zelftest",
    title: "De zelftest",
    text: "Een eerlijke momentopname in een paar minuten. Gratis en vrijblijvend.",
    to: "/wees-eerlijk",
    label: "Start de zelftest",
  },
  {
    icon: CalendarHeart,
    key: "home.offer.vertelavond",
    title: "Vertelavond",
    text: "Een avond vol verhalen die raken, herkenning en verbinding in kleine kring.",
    to: "/vertelavond",
    label: "Ontdek de vertelavond",
  },
  {
    icon: MessageCircleHeart,
    key: "home.offer.kennismaking",
    title: "Gratis kennismaking",
    text: "Een half uur om elkaar te leren kennen en te kijken wat jij nodig hebt.",
    to: "/gratis-kennismakingsgesprek",
    label: "Plan je gratis gesprek",
  },
];

export default function Home() {
  const coach = site.coach;
  return (
    <>
      {/* Hero */}
      <section
        aria-labelledby="hero-titel"
        className="relative overflow-hidden bg-gradient-to-b from-gold-soft/70 via-cream to-cream"
      >
        <div className="container-page grid items-center gap-10 py-16 sm:py-24 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
              <Live field="tagline" />
            </p>
            <Block
              name="home.hero.title"
              as="h1"
              id="hero-titel"
              className="mt-3 text-4xl sm:text-5xl lg:text-6xl"
            >
              Kom in het licht van wie je werkelijk bent
            </Block>
            <Block
              name="home.hero.intro"
              as="p"
              className="mt-6 max-w-xl text-lg text-ink-soft"
            >
              Meer zelfinzicht, meer zelfaanvaarding. Samen zetten we drie
              stappen: eerlijk kijken, jezelf begrijpen en veranderen wat je
              niet langer wilt. In je eigen tempo, met zachtheid en moed.
            </Block>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <ButtonLink to="/wees-eerlijk">
                <Block name="home.hero.button">Doe de zelftest</Block>
              </ButtonLink>
              <ButtonLink to="/over-mij" variant="secondary">
                <Block name="home.hero.button-coach">
                  Maak kennis met <Live field="coachFirstName" />
                </Block>
              </ButtonLink>
            </div>
          </div>
          <PagePhoto
            slot="hero"
            priority
            sizes={PHOTO_SIZES}
            imgClassName="mx-auto w-full max-w-sm rounded-3xl shadow-md"
          >
            <SunMotif className="mx-auto hidden w-64 max-w-full sm:block lg:w-80" />
          </PagePhoto>
        </div>
      </section>

      {/* Intro video */}
      <Section
        id="introductie"
        eyebrow={<Block name="home.video.eyebrow">Kort kennismaken</Block>}
        title={
          <Block name="home.video.title">
            Wat je bij <Live field="brand" /> mag verwachten
          </Block>
        }
        intro={
          <Block name="home.video.intro" as="p">
            In deze korte video vertelt <Live field="coachName" /> hoe ze werkt en voor wie
            het traject bedoeld is.
          </Block>
        }
      >
        <div className="mx-auto max-w-4xl">
          <Island name="video" component={IntroVideo} props={{}} />
        </div>
      </Section>

      {/* Brand name */}
      <Section
        id="naam"
        tone="deep"
        eyebrow={<Block name="home.name.eyebrow">Over de naam</Block>}
        title={
          <Block name="home.name.title">
            Waarom ‘<Live field="brand" />’?
          </Block>
        }
      >
        <div className="grid gap-8 md:grid-cols-2">
          <Block
            name="home.name.text"
            as="p"
            className="text-lg text-ink-soft [&_strong]:font-semibold [&_strong]:text-ink"
          >
            <strong>
              <Live field="brand" />
            </strong>{" "}
            is {site.brandMeaning}. Dat is precies
            wat we samen doen: met zachte aandacht licht laten vallen op wat je
            anders liever wegstopt. Niet om te oordelen, maar om te zien.
          </Block>
          <Block name="home.name.text-2" as="p" className="text-lg text-ink-soft">
            Wat in het licht staat, kan je begrijpen. En wat je begrijpt, kan je
            veranderen. Zo groeit er ruimte om jezelf te aanvaarden zoals je
            bent, en te kiezen wie je wilt worden.
          </Block>
        </div>
      </Section>

      {/* Three steps */}
      <Section
        id="stappen"
        eyebrow={<Block name="home.steps.eyebrow">Het pad</Block>}
        title={<Block name="home.steps.title">Drie stappen naar meer licht</Block>}
        intro={
          <Block name="home.steps.intro" as="p">
            Je hoeft niet alles tegelijk te doen. Elke stap staat op zichzelf en
            brengt je een stukje verder.
          </Block>
        }
      >
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step) => (
            <li
              key={step.to}
              className="flex flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex h-12 w-12 items-center justify-center rounded-full bg-teal font-serif text-xl text-white"
              >
                {step.number}
              </span>
              <h3 className="mt-4 text-2xl">
                <span className="sr-only">Stap {step.number}: </span>
                <Block name={`${step.key}.title`} id={`stap-${step.number}-titel`}>
                  {step.title}
                </Block>
              </h3>
              <Block
                name={`${step.key}.text`}
                as="p"
                className="mt-3 flex-1 text-ink-soft"
              >
                {step.text}
              </Block>
              {/* Named from the texts as shown plus a hidden "over" ("Lees meer over Wees eerlijk"), so it follows the coach's words. */}
              <span hidden id={`stap-${step.number}-over`}>
                over
              </span>
              <Link
                to={step.to}
                aria-labelledby={`stap-${step.number}-meer stap-${step.number}-over stap-${step.number}-titel`}
                className={buttonClasses("secondary", "mt-6 self-start")}
              >
                <Block name="home.steps.more" id={`stap-${step.number}-meer`}>
                  Lees meer
                </Block>
              </Link>
            </li>
          ))}
        </ol>
      </Section>

      {/* About the coach */}
      <Section id="coach" tone="paper">
        <div className="grid items-center gap-10 md:grid-cols-[0.8fr_1.2fr]">
          <PagePhoto
            slot="portrait"
            sizes={PHOTO_SIZES}
            imgClassName="mx-auto w-full max-w-sm rounded-3xl shadow-md"
          >
            <img
              src={coach.photo}
              alt={liveText(`Portret van ${coach.name}`)}
              data-live-attrs=""
              width={480}
              height={560}
              loading="lazy"
              className="mx-auto w-full max-w-sm rounded-3xl shadow-md"
            />
          </PagePhoto>
          <div>
            <Block name="home.coach.role" as="p" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
              {coach.role}
            </Block>
            <Block
              name="home.coach.title"
              as="h2"
              id="coach-titel"
              className="mt-1 text-3xl sm:text-4xl"
            >
              Hallo, ik ben <Live field="coachName" />
            </Block>
            <Block
              name="home.coach.text"
              as="div"
              rich
              className="mt-5 space-y-4 text-lg text-ink-soft"
            >
              <p>
                Ik begeleid mensen die vastlopen in hoe ze naar zichzelf kijken.
                Vaak zijn dat mensen die het goed doen voor de buitenwereld,
                maar vanbinnen strenger zijn voor zichzelf dan voor wie dan ook.
              </p>
              <p>
                In mijn praktijk in <Live field="city" /> maak ik ruimte voor
                eerlijkheid, humor en rust. Je hoeft niets te bewijzen. We
                kijken samen, stap voor stap.
              </p>
            </Block>
            <div className="mt-8 flex flex-wrap gap-4">
              <ButtonLink to="/over-mij">
                <Block name="home.coach.button">Meer over mij</Block>
              </ButtonLink>
              <ButtonLink to="/contact" variant="secondary">
                <Block name="home.coach.button-contact">Neem contact op</Block>
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>

      {/* CTA cards */}
      <Section
        id="aanbod"
        eyebrow={<Block name="home.offer.eyebrow">Zet een eerste stap</Block>}
        title={<Block name="home.offer.title">Waar wil jij beginnen?</Block>}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {ctas.map(({ icon: Icon, ...cta }) => (
            <li
              key={cta.to}
              className="band-dark flex flex-col rounded-2xl bg-teal-dark p-6 text-white shadow-md"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-gold" />
              <Block
                name={`${cta.key}.title`}
                as="h3"
                className="mt-4 text-2xl text-white"
              >
                {cta.title}
              </Block>
              <Block
                name={`${cta.key}.text`}
                as="p"
                className="mt-2 flex-1 text-white/90"
              >
                {cta.text}
              </Block>
              <Link
                to={cta.to}
                className="mt-6 inline-flex items-center gap-2 self-start rounded-full bg-gold px-5 py-2.5 font-semibold text-ink no-underline hover:bg-gold-soft"
              >
                <Block name={`${cta.key}.button`}>{cta.label}</Block>
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      {/* Testimonials */}
      <Section
        id="ervaringen"
        tone="deep"
        eyebrow={<Block name="home.reviews.eyebrow">Ervaringen</Block>}
        title={<Block name="home.reviews.title">Wat anderen zeggen</Block>}
        intro={
          <Block name="home.reviews.intro" as="p">
            Eerlijke woorden van mensen die de stap al zetten.
          </Block>
        }
      >
        <Island name="testimonials" component={Testimonials} props={{}} />
      </Section>

      {/* Newsletter */}
      <Section
        id="nieuwsbrief"
        title={<Block name="home.newsletter.title">Blijf in het licht</Block>}
        intro={
          <Block name="home.newsletter.intro" as="p">
            Ontvang af en toe een warme mail met inzichten, nieuwe data voor
            vertelavonden en webinars. Geen spam, beloofd.
          </Block>
        }
      >
        <Island name="newsletter" component={NewsletterForm} props={{}} />
      </Section>
    </>
  );
}
