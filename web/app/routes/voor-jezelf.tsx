import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { DrempelVideoList } from "@/features/drempel-videos/components/drempel-video-list";
import { IntroVideo } from "@/components/ui/video-embed";
import { pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Voor jezelf", path: "/voor-jezelf" }];

export function meta() {
  return pageMeta({
    title: "Voor jezelf",
    description:
      "Gratis momenten van zelfreflectie: korte video’s en oefeningen om in je eigen tempo stil te staan bij jezelf.",
    path: "/voor-jezelf",
    breadcrumbs: crumbs,
  });
}

export default function VoorJezelf() {
  return (
    <>
      <PageHero
        eyebrow={<Block name="voor-jezelf.eyebrow">Gratis</Block>}
        title={<Block name="voor-jezelf.title">Voor jezelf</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="voor-jezelf.intro" as="p">
            Niet iedereen is klaar voor een traject, en dat hoeft ook niet. Hier vind je gratis, laagdrempelige momenten
            om even bij jezelf stil te staan. Zonder verplichtingen, gewoon voor jou.
          </Block>
        }
      />
      <Section id="video" title={<Block name="voor-jezelf.video.title">Begin hier</Block>}>
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <Island name="video" component={IntroVideo} props={{}} />
          <Block name="voor-jezelf.video.text" as="div" rich className="prose-page text-lg text-ink-soft">
            <p>
              In deze video vertelt <Live field="coachName" /> waar <Live field="brand" /> voor staat en hoe je kan beginnen met eerlijk
              naar jezelf te kijken.
            </p>
            <p>
              Verderop vind je korte drempelvideo’s: kleine oefeningen en gedachten die je thuis kan bekijken, wanneer
              het jou past.
            </p>
            <p>Wil je intussen al iets voor jezelf doen? De zelftest is een mooie eerste stap.</p>
          </Block>
        </div>
        <div className="mt-10 flex flex-wrap gap-4">
          <ButtonLink to="/wees-eerlijk">
            <Block name="voor-jezelf.video.button">Naar de zelftest</Block>
          </ButtonLink>
          <ButtonLink to="/#nieuwsbrief" variant="secondary">
            <Block name="voor-jezelf.video.button-newsletter">Schrijf je in op de nieuwsbrief</Block>
          </ButtonLink>
        </div>
      </Section>
      <Section
        id="drempelvideos"
        title={<Block name="voor-jezelf.videos.title">Korte video’s voor jezelf</Block>}
        tone="paper"
        intro={
          <Block name="voor-jezelf.videos.intro" as="p">
            Neem er rustig de tijd voor. Kijk er één, laat hem bezinken, en kom terug wanneer je wil.
          </Block>
        }
      >
        <Island name="drempel-videos" component={DrempelVideoList} props={{}} />
      </Section>
    </>
  );
}
