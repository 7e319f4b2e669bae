import { useEffect } from "react";
import { Block, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Nieuwsbrief-archief",
    description: "Lees de nieuwsbrieven van In Lumine na: verhalen, inzichten en nieuws over vertelavonden en cursussen.",
    path: "/nieuwsbrief/archief",
  });
}

/** Words the server shows on a newsletter's own page (`/nieuwsbrief/archief/{slug}`). */
const texts = {
  back: { name: "nieuwsbrief.archief.back", text: "Nieuwsbrief-archief", label: true },
} satisfies Record<string, LaterBlock>;

/**
 * The frame of the newsletter archive. The server makes `/nieuwsbrief/archief` and each newsletter
 * under it from this page as built and with her saved texts (`campaigns::archive`): it keeps the
 * header, the footer and these words, puts the published newsletters in, and sends no scripts. So
 * her words here are blocks like on every page, and the built page is the empty archive.
 */
export default function NieuwsbriefArchief() {
  // Reached inside the app (a link without a full load): the server's page is the real one.
  useEffect(() => window.location.reload(), []);
  return (
    <article className="container-page max-w-2xl py-12">
      <Block name="nieuwsbrief.archief.title" as="h1" className="text-4xl">
        Nieuwsbrief-archief
      </Block>
      <Block name="nieuwsbrief.archief.intro" as="p" className="mt-2 text-ink-soft">
        Alle nieuwsbrieven van <Live field="brand" /> die je hier kunt nalezen.
      </Block>
      <Block name="nieuwsbrief.archief.empty" as="p" className="mt-8">
        Er staan nog geen nieuwsbrieven in het archief. Schrijf je hieronder in, dan krijg je de eerste in je mailbox.
      </Block>
      <div className="mt-6">
        <NewsletterForm />
      </div>
      <LaterBlocks blocks={Object.values(texts)} />
    </article>
  );
}
