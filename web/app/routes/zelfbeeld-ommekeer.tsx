import { Link } from "react-router";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site } from "@/config/site";
import { CourseOffer } from "@/features/courses/components/course-offer";
import { UpcomingEvents } from "@/features/events/components/upcoming-events";
import { coursePageMeta } from "@/lib/seo";

const crumbs = [
  { name: "Transformeer", path: "/transformeer" },
  { name: getCourse("zelfbeeld-ommekeer").name, path: getCourse("zelfbeeld-ommekeer").path },
];

export function meta() {
  return coursePageMeta("zelfbeeld-ommekeer", crumbs);
}

const days = [
  {
    title: "Dag 1 – Zien",
    text: "We brengen je huidige zelfbeeld in kaart: de overtuigingen, de stemmen en de verhalen die je over jezelf vertelt.",
  },
  {
    title: "Dag 2 – Voelen",
    text: "We gaan naar de oorsprong van die overtuigingen en geven ruimte aan wat daar leeft. Met zachtheid, in je eigen tempo.",
  },
  {
    title: "Dag 3 – Kiezen",
    text: "Je bouwt een nieuw zelfbeeld dat klopt met wie je nu bent, en neemt concrete stappen mee naar je dagelijkse leven.",
  },
];

export default function ZelfbeeldOmmekeer() {
  const course = getCourse("zelfbeeld-ommekeer");
  return (
    <>
      <PageHero
        eyebrow="Stap 3 · Driedaagse"
        title={course.name}
        breadcrumbs={crumbs}
        intro={<p>{course.description}</p>}
      />
      <Section id="programma" title="Drie dagen, één ommekeer">
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr]">
          <div>
            <ol className="space-y-5">
              {days.map((d) => (
                <li key={d.title} className="rounded-2xl border border-sand bg-paper p-6">
                  <h3 className="text-xl">{d.title}</h3>
                  <p className="mt-2 text-ink-soft">{d.text}</p>
                </li>
              ))}
            </ol>
            <p className="mt-6 text-lg text-ink-soft">
              Je werkt in een kleine groep in {site.contact.city}, onder begeleiding van {site.coach.name}. Lunch,
              koffie en thee en een werkboek zijn inbegrepen.
            </p>
          </div>
          <CourseOffer
            course={course}
            features={[
              `${course.durationDays} volledige dagen in ${site.contact.city}`,
              "Kleine groep",
              "Lunch en werkboek inbegrepen",
            ]}
          >
            <Link to="/zelfbeeld-ommekeer-booking" className={buttonClasses("primary")}>
              Kies je data
            </Link>
            <Link to="/product-zelfbeeld-ommekeer" className={buttonClasses("secondary")}>
              Alles over deelname en prijs
            </Link>
          </CourseOffer>
        </div>
      </Section>
      <Section id="data" tone="deep" title="Komende data">
        <UpcomingEvents
          kind="zelfbeeld"
          empty={
            <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
              Er staan op dit moment geen nieuwe data gepland. Laat gerust iets weten via de{" "}
              <Link to="/contact" className="text-link">
                contactpagina
              </Link>
              , dan hou ik je op de hoogte.
            </p>
          }
          action={() => (
            <ButtonLink to="/zelfbeeld-ommekeer-booking" variant="secondary">
              Boek deze data
            </ButtonLink>
          )}
        />
      </Section>
    </>
  );
}
