import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { Notice } from "@/components/ui/notice";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, liveHref } from "@/config/site";
import { courseJsonLd, pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

function crumbs() {
  const course = getCourse("zelfbeeld-ommekeer");
  return [
    { name: "Transformeer", path: "/transformeer" },
    { name: course.name, path: course.path },
    { name: "Deelnemen", path: "/product-zelfbeeld-ommekeer" },
  ];
}

export function meta() {
  const course = getCourse("zelfbeeld-ommekeer");
  return pageMeta({
    title: `${course.name} – deelnemen`,
    description: course.description,
    path: "/product-zelfbeeld-ommekeer",
    breadcrumbs: crumbs(),
    jsonLd: [courseJsonLd(course)],
  });
}

export default function ProductZelfbeeldOmmekeer() {
  const course = getCourse("zelfbeeld-ommekeer");
  const included = [
    `${course.durationDays} volledige dagen begeleiding in een kleine groep`,
    <>
      Een rustige locatie in <Live field="city" />
    </>,
    "Lunch, koffie, thee en versnaperingen",
    "Een persoonlijk werkboek om thuis verder te gaan",
    "Een opvolgingsgesprek een maand later",
  ].map((text, i) => ({ key: `product-zelfbeeld-ommekeer.included.${i + 1}`, text }));
  return (
    <>
      <PageHero
        eyebrow={<Block name="product-zelfbeeld-ommekeer.eyebrow">Deelnemen</Block>}
        title={<Block name="product-zelfbeeld-ommekeer.title">{course.name}</Block>}
        breadcrumbs={crumbs()}
        intro={
          <Block name="product-zelfbeeld-ommekeer.intro" as="p">
            {course.description}
          </Block>
        }
      />
      <Section
        id="inbegrepen"
        title={<Block name="product-zelfbeeld-ommekeer.included.title">Wat is inbegrepen</Block>}
      >
        <div className="grid gap-10 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <ul className="space-y-3 text-lg text-ink-soft">
              {included.map(({ key, text }) => (
                <li key={key} className="flex gap-3">
                  <span aria-hidden="true" className="text-gold-ink">
                    ✦
                  </span>
                  <Block name={key}>{text}</Block>
                </li>
              ))}
            </ul>
            <div className="mt-10">
              <Notice
                title={<Block name="product-zelfbeeld-ommekeer.book.title">Zo boek je je plaats</Block>}
                tone="gold"
              >
                <ol className="list-decimal space-y-1 pl-5">
                  <li>
                    <Block name="product-zelfbeeld-ommekeer.book.step1">
                      Kies de reeks van {course.durationDays} dagen die voor jou
                      past.
                    </Block>
                  </li>
                  <li>
                    <Block name="product-zelfbeeld-ommekeer.book.step2">
                      Vul je gegevens in en betaal veilig online.
                    </Block>
                  </li>
                  <li>
                    <Block name="product-zelfbeeld-ommekeer.book.step3">
                      Je krijgt meteen een bevestiging per e-mail.
                    </Block>
                  </li>
                </ol>
                {/* The mail link stays outside the block: its address is a live business detail. */}
                <p className="mt-3">
                  <Block name="product-zelfbeeld-ommekeer.book.question">
                    Liever eerst een vraag stellen?
                  </Block>{" "}
                  <a
                    href={liveHref("email")}
                    data-live-href="email"
                    className="text-link"
                  >
                    <Block name="product-zelfbeeld-ommekeer.book.mail">Mail ons</Block>
                  </a>
                  .
                </p>
              </Notice>
            </div>
          </div>
          <Island name="offer" component={Offer} props={{ name: "product-zelfbeeld-ommekeer" }} />
        </div>
      </Section>
    </>
  );
}
