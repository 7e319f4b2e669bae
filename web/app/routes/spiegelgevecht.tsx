import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse } from "@/config/site";
import { coursePageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

const crumbs = [
  { name: "Begrijp jezelf", path: "/begrijp-jezelf" },
  { name: getCourse("spiegelgevecht").name, path: getCourse("spiegelgevecht").path },
];

export function meta() {
  return coursePageMeta("spiegelgevecht", crumbs);
}

export default function Spiegelgevecht() {
  const course = getCourse("spiegelgevecht");
  return (
    <>
      <PageHero
        eyebrow={<Block name="spiegelgevecht.eyebrow">Online cursus · Stap 2</Block>}
        title={<Block name="spiegelgevecht.title">{course.name}</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="spiegelgevecht.intro" as="p">
            {course.description}
          </Block>
        }
      />
      <Section
        id="over-de-cursus"
        title={<Block name="spiegelgevecht.course.title">Stoppen met vechten tegen je spiegelbeeld</Block>}
      >
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr]">
          <Block name="spiegelgevecht.course.text" as="div" rich className="prose-page text-lg text-ink-soft">
            <p>
              Veel mensen voeren elke dag een stil gevecht met zichzelf. Het begint ’s ochtends voor de spiegel en gaat
              de hele dag door in hun hoofd. Die strijd kost energie, en levert zelden iets op.
            </p>
            <p>
              In deze korte online cursus leer je waar die kritische blik vandaan komt, wat ze je probeert te vertellen
              en hoe je er op een vriendelijkere manier mee omgaat.
            </p>
            <h3>Herken je dit?</h3>
            <ul>
              <li>Je kijkt in de spiegel en ziet vooral wat er niet goed is.</li>
              <li>Je vergelijkt jezelf voortdurend met anderen.</li>
              <li>Complimenten glijden van je af, kritiek blijft plakken.</li>
              <li>Je wilt milder naar jezelf kijken, maar weet niet hoe.</li>
            </ul>
            <h3>Wat je krijgt</h3>
            <ul>
              <li>Vier korte videolessen die je online volgt, in je eigen tempo.</li>
              <li>Een eenvoudige spiegeloefening voor elke dag.</li>
              <li>Toegang via het online platform, meteen na je aankoop.</li>
            </ul>
          </Block>
          <Island name="offer" component={Offer} props={{ name: "spiegelgevecht" }} />
        </div>
      </Section>
    </>
  );
}
