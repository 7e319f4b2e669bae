import { MapPin, Phone, Video } from "@/components/ui/icons";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { BookingForm } from "@/features/intro-calls/components/booking-form";
import { pageMeta } from "@/lib/seo";

// Rendered at /gratis-kennismakingsgesprek and /booking; one canonical URL.
const crumbs = [{ name: "Gratis kennismakingsgesprek", path: "/gratis-kennismakingsgesprek" }];

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
    { icon: Phone, title: "Telefonisch", text: "Ik bel je op het afgesproken moment." },
    { icon: Video, title: "Via video", text: "Je krijgt een link om vanuit je luie zetel deel te nemen." },
    {
      icon: MapPin,
      title: `In ${site.contact.city}`,
      text: "Kom langs in de praktijk voor een kop thee en een gesprek.",
    },
  ];
  return (
    <>
      <PageHero
        eyebrow="Gratis en vrijblijvend"
        title="Gratis kennismakingsgesprek"
        breadcrumbs={crumbs}
        intro={
          <p>
            Dertig minuten om elkaar te leren kennen. Je vertelt wat je bezighoudt, ik vertel hoe ik werk. Daarna beslis
            jij of en hoe je verder wilt. Zonder enige verplichting.
          </p>
        }
      />
      <Section id="hoe" title="Kies wat bij je past">
        <ul className="grid gap-6 md:grid-cols-3">
          {ways.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-sand bg-paper p-6">
              <Icon aria-hidden="true" className="h-7 w-7 text-teal" />
              <h3 className="mt-3 text-xl">{title}</h3>
              <p className="mt-2 text-ink-soft">{text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="boeken" tone="deep" title="Kies een moment" intro={<p>De vrije momenten van de komende weken, in Belgische tijd. Het gesprek duurt ongeveer dertig minuten.</p>}>
        <BookingForm />
      </Section>
    </>
  );
}
