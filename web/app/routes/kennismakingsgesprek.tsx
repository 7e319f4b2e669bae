import { MapPin, Phone, Video } from "@/components/ui/icons";
import { Live } from "@/components/ui/live";
import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { BookingForm } from "@/features/intro-calls/components/booking-form";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

// Rendered at /gratis-kennismakingsgesprek and /booking; one canonical URL.
const crumbs = [{ name: "Gratis kennismakingsgesprek", path: "/gratis-kennismakingsgesprek" }];

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Gratis kennismakingsgesprek",
    description: `Plan een gratis en vrijblijvend kennismakingsgesprek van dertig minuten met ${site.coach.name}: telefonisch, via video of in ${site.contact.city}.`,
    path: "/gratis-kennismakingsgesprek",
    breadcrumbs: crumbs,
  });
}

export default function Kennismakingsgesprek() {
  const ways = [
    { icon: Phone, key: "gratis-kennismakingsgesprek.ways.phone", title: "Telefonisch", text: "Ik bel je op het afgesproken moment." },
    {
      icon: Video,
      key: "gratis-kennismakingsgesprek.ways.video",
      title: "Via video",
      text: "Je krijgt een link om vanuit je luie zetel deel te nemen.",
    },
    {
      icon: MapPin,
      key: "gratis-kennismakingsgesprek.ways.practice",
      title: (
        <>
          In <Live field="city" />
        </>
      ),
      text: "Kom langs in de praktijk voor een kop thee en een gesprek.",
    },
  ];
  return (
    <>
      <PageHero
        eyebrow={<Block name="gratis-kennismakingsgesprek.eyebrow">Gratis en vrijblijvend</Block>}
        title={<Block name="gratis-kennismakingsgesprek.title">Gratis kennismakingsgesprek</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="gratis-kennismakingsgesprek.intro" as="p">
            Dertig minuten om elkaar te leren kennen. Je vertelt wat je bezighoudt, ik vertel hoe ik werk. Daarna beslis
            jij of en hoe je verder wilt. Zonder enige verplichting.
          </Block>
        }
      />
      <Section id="hoe" title={<Block name="gratis-kennismakingsgesprek.ways.title">Kies wat bij je past</Block>}>
        <ul className="grid gap-6 md:grid-cols-3">
          {ways.map(({ icon: Icon, key, title, text }) => (
            <li key={key} className="rounded-2xl border border-sand bg-paper p-6">
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
      </Section>
      <Section
        id="boeken"
        tone="deep"
        title={<Block name="gratis-kennismakingsgesprek.booking.title">Kies een moment</Block>}
        intro={
          <Block name="gratis-kennismakingsgesprek.booking.intro" as="p">
            De vrije momenten van de komende weken, in Belgische tijd. Het gesprek duurt ongeveer dertig minuten.
          </Block>
        }
      >
        <Island name="booking" component={BookingForm} props={{}} />
      </Section>
    </>
  );
}
