import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse } from "@/config/site";
import { coursePageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

const crumbs = [
  { name: "Transformeer", path: "/transformeer" },
  { name: getCourse("zelfbeeld-ommekeer").name, path: getCourse("zelfbeeld-ommekeer").path },
];

export function meta() {
  return coursePageMeta("zelfbeeld-ommekeer", crumbs);
}

const days = [
  {
    key: "zelfbeeld-ommekeer.day1",
    title: "Dag 1 – Zien",
    text: "We brengen je huidige zelfbeeld in kaart: de overtuigingen, de stemmen en de verhalen die je over jezelf vertelt.",
  },
  {
    key: "zelfbeeld-ommekeer.day2",
    title: "Dag 2 – Voelen",
    text: "We gaan naar de oorsprong van die overtuigingen en geven ruimte aan wat daar leeft. Met zachtheid, in je eigen tempo.",
  },
  {
    key: "zelfbeeld-ommekeer.day3",
    title: "Dag 3 – Kiezen",
    text: "Je bouwt een nieuw zelfbeeld dat klopt met wie je nu bent, en neemt concrete stappen mee naar je dagelijkse leven.",
  },
];

export default function ZelfbeeldOmmekeer() {
  const course = getCourse("zelfbeeld-ommekeer");
  return (
    <>
      <PageHero
        eyebrow={<Block name="zelfbeeld-ommekeer.eyebrow">Stap 3 · Driedaagse</Block>}
        title={<Block name="zelfbeeld-ommekeer.title">{course.name}</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="zelfbeeld-ommekeer.intro" as="p">
            {course.description}
          </Block>
        }
      />
      <Section
        id="programma"
        title={<Block name="zelfbeeld-ommekeer.program.title">Drie dagen, één ommekeer</Block>}
      >
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr]">
          <div>
            <ol className="space-y-5">
              {days.map((d) => (
                <li key={d.key} className="rounded-2xl border border-sand bg-paper p-6">
                  <Block name={`${d.key}.title`} as="h3" className="text-xl">
                    {d.title}
                  </Block>
                  <Block name={`${d.key}.text`} as="p" className="mt-2 text-ink-soft">
                    {d.text}
                  </Block>
                </li>
              ))}
            </ol>
            <Block name="zelfbeeld-ommekeer.program.text" as="p" className="mt-6 text-lg text-ink-soft">
              Je werkt in een kleine groep in <Live field="city" />, onder begeleiding van <Live field="coachName" />. Lunch,
              koffie en thee en een werkboek zijn inbegrepen.
            </Block>
          </div>
          <Island name="offer" component={Offer} props={{ name: "zelfbeeld-ommekeer" }} />
        </div>
      </Section>
      <Section id="data" tone="deep" title={<Block name="zelfbeeld-ommekeer.dates.title">Komende data</Block>}>
        <Island name="offer" component={Offer} props={{ name: "zelfbeeld-ommekeer-dates" }} />
      </Section>
    </>
  );
}
