import { Block } from "@/components/ui/block";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Live } from "@/components/ui/live";
import { getCourse } from "@/config/site";
import { formatPriceCents } from "@/lib/format";
import { courseJsonLd, pageMeta } from "@/lib/seo";
import { Link } from "react-router";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

const crumbs = [{ name: "Begrijp jezelf", path: "/begrijp-jezelf" }];

export function meta() {
  const course = getCourse("zelfinzicht-7-stappen");
  return pageMeta({
    title: "Begrijp jezelf",
    description: `Stap 2: leer begrijpen waarom je doet wat je doet. Met de online cursus ${course.name}, ${getCourse("spiegelgevecht").name} en de vertelavond.`,
    path: "/begrijp-jezelf",
    breadcrumbs: crumbs,
    jsonLd: [courseJsonLd(course)],
  });
}

const sevenSteps = [
  "Waar sta je nu? Een eerlijke nulmeting.",
  "Je innerlijke stemmen leren herkennen.",
  "De patronen die je van thuis meekreeg.",
  "Wat je voelt, en wat je liever niet voelt.",
  "Je behoeften en grenzen benoemen.",
  "Je waarden: wat echt belangrijk is voor jou.",
  "Een nieuw, milder verhaal over jezelf.",
];

export default function BegrijpJezelf() {
  const course = getCourse("zelfinzicht-7-stappen");
  const spiegel = getCourse("spiegelgevecht");
  return (
    <>
      <PageHero
        eyebrow={<Block name="begrijp-jezelf.eyebrow">Stap 2</Block>}
        title={<Block name="begrijp-jezelf.title">Begrijp jezelf</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="begrijp-jezelf.intro" as="p">
            Als je weet waar je staat, komt de vraag: waarom? Waarom reageer je zoals je reageert, waarom ben je zo
            streng voor jezelf? In deze stap leer je je eigen binnenwereld kennen, met nieuwsgierigheid in plaats van
            oordeel.
          </Block>
        }
      />

      <Section id="cursus" title={<span data-from="product">{course.name}</span>}>
        <div className="grid gap-10 lg:grid-cols-[1.3fr_0.7fr]">
          <Block name="begrijp-jezelf.course.text" as="div" rich className="prose-page text-lg text-ink-soft">
            <p>{course.description}</p>
            <p>
              Elke stap bestaat uit korte video’s, een paar reflectievragen en een kleine oefening voor in je dagelijkse
              leven. Je volgt de cursus online, wanneer het jou past.
            </p>
            <h3>De zeven stappen</h3>
            <ol>
              {sevenSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </Block>
          <Island name="offer" component={Offer} props={{ name: "begrijp-jezelf" }} />
        </div>
      </Section>

      <Section
        id="verder-verdiepen"
        tone="deep"
        title={<Block name="begrijp-jezelf.more.title">Nog meer manieren om jezelf te begrijpen</Block>}
      >
        <ul className="grid gap-6 md:grid-cols-2">
          <li className="flex flex-col rounded-2xl border border-sand bg-paper p-6">
            <h3 data-from="product" className="text-2xl">
              {spiegel.name}
            </h3>
            <Block name="begrijp-jezelf.spiegelgevecht.text" as="p" className="mt-2 flex-1 text-ink-soft">
              {spiegel.description}
            </Block>
            <p className="mt-4 font-semibold text-teal">
              <span data-from="product" className="whitespace-nowrap">
                {formatPriceCents(spiegel.priceCents)}
              </span>
            </p>
            <ButtonLink to={spiegel.path} variant="secondary" className="mt-5 self-start">
              <Block name="begrijp-jezelf.spiegelgevecht.button">{`Bekijk ${spiegel.name}`}</Block>
            </ButtonLink>
          </li>
          <li className="flex flex-col rounded-2xl border border-sand bg-paper p-6">
            <Block name="begrijp-jezelf.vertelavond.title" as="h3" className="text-2xl">
              Vertelavond
            </Block>
            <Block name="begrijp-jezelf.vertelavond.text" as="p" className="mt-2 flex-1 text-ink-soft">
              Een avond in <Live field="city" /> waarop verhalen centraal staan. Je luistert, herkent en voelt dat je niet
              alleen bent.
            </Block>
            <ButtonLink to="/begrijp-jezelf/vertelavond" variant="secondary" className="mt-5 self-start">
              <Block name="begrijp-jezelf.vertelavond.button">Bekijk de vertelavond</Block>
            </ButtonLink>
          </li>
        </ul>
        <Block name="begrijp-jezelf.next" as="p" className="mt-10 text-lg text-ink-soft">
          Klaar voor de volgende stap?{" "}
          <Link to="/transformeer" className="text-link">
            Ga naar stap 3: Transformeer
          </Link>
          .
        </Block>
      </Section>
    </>
  );
}
