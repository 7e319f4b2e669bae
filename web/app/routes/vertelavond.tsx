import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Live } from "@/components/ui/live";
import { site } from "@/config/site";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";

export const handle = islandsPage;

// Rendered at /begrijp-jezelf/vertelavond and /vertelavond; one canonical URL.
const crumbs = [
  { name: "Begrijp jezelf", path: "/begrijp-jezelf" },
  { name: "Vertelavond", path: "/begrijp-jezelf/vertelavond" },
];

export function meta() {
  return pageMeta({
    title: "Vertelavond",
    description: `Een warme avond vol verhalen over pleasen, slikken en loslaten, in kleine kring in ${site.contact.city}. Bekijk de volgende datum en bestel je ticket.`,
    path: "/begrijp-jezelf/vertelavond",
    breadcrumbs: crumbs,
  });
}

export default function Vertelavond() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="vertelavond.eyebrow">Begrijp jezelf</Block>}
        title={<Block name="vertelavond.title">Vertelavond</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="vertelavond.intro" as="p">
            Soms begrijp je jezelf het best via het verhaal van een ander. Op een vertelavond luister je naar echte
            verhalen over thema’s als pleasen, slikken en loslaten, en ontdek je hoeveel herkenning er in zit.
          </Block>
        }
      />

      <Section
        id="volgende-datum"
        title={<Block name="vertelavond.next.title">De volgende vertelavond</Block>}
      >
        <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
          <Block name="vertelavond.next.text" as="div" rich className="prose-page text-lg text-ink-soft">
            <p>
              Een vertelavond is geen lezing en geen therapie. <Live field="coachName" /> vertelt, soms samen met een gast,
              verhalen uit het leven. Daarna is er ruimte voor stilte, een vraag of een gesprek bij een kop thee.
            </p>
            <p>
              Je hoeft niets te delen als je dat niet wilt. Luisteren is genoeg. De groep blijft bewust klein, zodat de
              sfeer veilig en persoonlijk blijft.
            </p>
            <ul>
              <li>
                In kleine kring in <Live field="city" />
              </li>
              <li>Ongeveer tweeënhalf uur, met een pauze</li>
              <li>Thee, koffie en iets lekkers inbegrepen</li>
            </ul>
          </Block>
          <Island name="offer" component={Offer} props={{ name: "vertelavond" }} />
        </div>
      </Section>

      <Section
        id="nieuwsbrief"
        tone="deep"
        title={<Block name="vertelavond.newsletter.title">Mis geen enkele vertelavond</Block>}
        intro={
          <Block name="vertelavond.newsletter.intro" as="p">
            Schrijf je in op de nieuwsbrief en je hoort als eerste wanneer er een nieuwe datum is.
          </Block>
        }
      >
        <Island name="newsletter" component={NewsletterForm} props={{}} />
      </Section>
    </>
  );
}
