import { Block, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { Quote } from "@/components/ui/icons";
import { MAX_REVIEWS, useReviews } from "@/features/reviews/api/get-reviews";
import { StarRating } from "@/features/reviews/components/star-rating";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import type { MediaImage } from "@/lib/api-types";

export interface Testimonial {
  id: number | string;
  name: string;
  avatar_url?: string | null;
  /** A library photo: responsive, with its own alt text. */
  avatar?: MediaImage | null;
  rating: number;
  text: string;
  /** "deelnemer van de vertelavond van …" for a review left through an invitation. */
  participant_of?: string | null;
  /** A sample's name and text are blocks she words (`sampleBlocks`); a review's are its own. */
  sample?: { name: LaterBlock; text: LaterBlock };
}

function sample(n: number, name: string, text: string): Testimonial {
  return {
    id: `sample-${n}`,
    name,
    avatar_url: null,
    rating: 5,
    text,
    sample: {
      name: { name: `shared.reviews.sample${n}.name`, text: name },
      text: { name: `shared.reviews.sample${n}.text`, text },
    },
  };
}

/** Shown when there are no reviews yet, or when they could not be loaded; their words are hers. */
export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  sample(
    1,
    "Sarah",
    "Ik dacht dat ik mezelf goed kende, tot ik eerlijk durfde te kijken. De gesprekken waren warm en tegelijk confronterend, precies wat ik nodig had. Ik ga nu milder met mezelf om.",
  ),
  sample(
    2,
    "Tom",
    "De vertelavond raakte me meer dan ik had verwacht. Het deed deugd om te horen dat anderen met dezelfde vragen worstelen. Ik ben met een licht gevoel naar huis gegaan.",
  ),
  sample(
    3,
    "Els",
    "Stap voor stap kreeg ik zicht op de patronen die me tegenhielden. Geen snelle trucjes, wel echte inzichten. Ik voel me sterker en rustiger in mijn eigen vel.",
  ),
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

function TestimonialCard({ item }: { item: Testimonial }) {
  const words = item.sample;
  return (
    // A review's words are the reviewer's, approved in Beheer (`data-from`); a sample's are blocks.
    <li data-from={words ? undefined : "reviews"} className="flex h-full flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm">
      <Quote aria-hidden="true" className="h-6 w-6 text-gold" />
      <div className="mt-3">
        <StarRating rating={item.rating} />
      </div>
      <blockquote className="mt-3 flex-1 text-ink-soft">
        <p>{words ? <Block name={words.text.name}>{item.text}</Block> : item.text}</p>
      </blockquote>
      <div className="mt-5 flex items-center gap-3">
        {item.avatar ? (
          <span className="h-11 w-11 shrink-0 overflow-hidden rounded-full">
            <ResponsiveImage image={item.avatar} sizes="44px" className="h-full w-full object-cover" />
          </span>
        ) : item.avatar_url ? (
          <img
            src={item.avatar_url}
            alt={`Foto van ${item.name}`}
            width={44}
            height={44}
            loading="lazy"
            className="h-11 w-11 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-11 w-11 items-center justify-center rounded-full bg-teal-soft font-semibold text-teal"
          >
            {initials(item.name)}
          </span>
        )}
        <div>
          <p className="font-semibold text-ink">{words ? <Block name={words.name.name}>{item.name}</Block> : item.name}</p>
          {item.participant_of ? <p className="text-sm text-ink-soft">{item.participant_of}</p> : null}
        </div>
      </div>
    </li>
  );
}

/** The cards as a grid: 1 column on mobile, 2 from md, 4 from xl. */
export function TestimonialList({ items }: { items: Testimonial[] }) {
  return (
    <ul aria-label="Ervaringen van klanten" className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-4">
      {items.map((item) => (
        <TestimonialCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

/**
 * The newest reviews. The server writes them into the page it sends, inside the element marked
 * `data-live-reviews` and with the same markup (`site_pages::review_cards`), and starts this list
 * from its `#live-reviews` block, so the page hydrates what crawlers read.
 */
export function Testimonials() {
  const { data, isPending } = useReviews();
  const reviews = data?.reviews.slice(0, MAX_REVIEWS) ?? [];
  return (
    <>
      {/* Outside the element the server fills, which must hold no <div>. */}
      <LaterBlocks blocks={SAMPLE_TESTIMONIALS.flatMap((t) => (t.sample ? [t.sample.name, t.sample.text] : []))} />
      <div data-live-reviews="">
        {isPending ? (
          <p role="status" className="text-ink-soft">
            <Block name="shared.loading">Laden...</Block>
          </p>
        ) : (
          <TestimonialList items={reviews.length > 0 ? reviews : SAMPLE_TESTIMONIALS} />
        )}
      </div>
    </>
  );
}
