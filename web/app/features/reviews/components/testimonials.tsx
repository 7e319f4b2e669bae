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
}

/** Shown when there are no reviews yet, or when they could not be loaded. */
export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  {
    id: "sample-1",
    name: "Sarah",
    avatar_url: null,
    rating: 5,
    text: "Ik dacht dat ik mezelf goed kende, tot ik eerlijk durfde te kijken. De gesprekken waren warm en tegelijk confronterend, precies wat ik nodig had. Ik ga nu milder met mezelf om.",
  },
  {
    id: "sample-2",
    name: "Tom",
    avatar_url: null,
    rating: 5,
    text: "De vertelavond raakte me meer dan ik had verwacht. Het deed deugd om te horen dat anderen met dezelfde vragen worstelen. Ik ben met een licht gevoel naar huis gegaan.",
  },
  {
    id: "sample-3",
    name: "Els",
    avatar_url: null,
    rating: 5,
    text: "Stap voor stap kreeg ik zicht op de patronen die me tegenhielden. Geen snelle trucjes, wel echte inzichten. Ik voel me sterker en rustiger in mijn eigen vel.",
  },
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
  return (
    <li className="flex h-full flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm">
      <Quote aria-hidden="true" className="h-6 w-6 text-gold" />
      <div className="mt-3">
        <StarRating rating={item.rating} />
      </div>
      <blockquote className="mt-3 flex-1 text-ink-soft">
        <p>{item.text}</p>
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
          <p className="font-semibold text-ink">{item.name}</p>
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
    <div data-live-reviews="">
      {isPending ? (
        <p role="status" className="text-ink-soft">
          Laden...
        </p>
      ) : (
        <TestimonialList items={reviews.length > 0 ? reviews : SAMPLE_TESTIMONIALS} />
      )}
    </div>
  );
}
