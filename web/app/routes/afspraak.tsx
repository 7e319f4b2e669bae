import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { ManageCall } from "@/features/intro-calls/components/manage-call";
import { Island, islandsPage } from "@/islands/island";
import { pageMeta } from "@/lib/seo";

export const handle = islandsPage;

export function meta() {
  return pageMeta({
    title: "Je kennismakingsgesprek",
    description: "Verplaats of annuleer je gratis kennismakingsgesprek.",
    path: "/afspraak",
    robots: "noindex, follow",
  });
}

export default function Afspraak() {
  return (
    <>
      <PageHero title={<Block name="afspraak.title">Je kennismakingsgesprek</Block>} />
      <Section>
        <div className="max-w-3xl" aria-live="polite">
          <Island name="manage-call" component={ManageCall} props={{}} />
        </div>
      </Section>
    </>
  );
}
