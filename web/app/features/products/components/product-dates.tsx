import { CalendarDays, Euro, MapPin, Users } from "@/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { buttonClasses } from "@/components/ui/button-link";
import { checkoutHref } from "@/lib/checkout-params";
import { EventsError, EventsLoading } from "@/components/ui/load-status";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { useProduct } from "@/lib/products/get-product";
import { formatEventWhen, isBookable, seatsLabel, venueLine } from "@/lib/availability";
import type { PublicEvent } from "@/lib/api-types";
import { formatDate, formatPriceCents } from "@/lib/format";

/** The words every list of dates shares, shown once the dates have loaded. */
const sharedTexts = {
  vat: { name: "shared.dates.vat", text: "incl. btw" },
  free: { name: "shared.dates.free", text: "Gratis" },
  cancelled: { name: "shared.dates.cancelled", text: "Gaat niet door" },
  cancelledText: { name: "shared.dates.cancelled-text", text: "Deze datum gaat helaas niet door." },
  soldOut: { name: "shared.dates.sold-out", text: "Deze datum is uitverkocht." },
  allSoldOut: { name: "shared.dates.all-sold-out", text: "Alle geplande data zijn uitverkocht." },
} satisfies Record<string, LaterBlock>;

interface ProductDatesProps {
  /** The product whose upcoming dates are shown (GET /api/products/{slug}). */
  slug: string;
  /** The key prefix of this list's own texts (Beheer > Pagina's), e.g. "vertelavond.dates". */
  blocks: string;
  /** Label of the button to the checkout: "Koop tickets", "Boek deze datum". */
  actionLabel: string;
  /** Shown when there is no upcoming date. */
  empty: string;
  /** No date to book: the message, with a way to hear of the next one (the page's newsletter prompt). */
  leaveEmail: (message: ReactNode) => ReactNode;
  headingLevel?: "h2" | "h3";
  /** What a sold-out date offers instead of the button (e.g. the waiting list). */
  soldOut?: (event: PublicEvent) => ReactNode;
  /** Labels the first card, e.g. "Volgende vertelavond". */
  firstLabel?: string;
  columns?: 1 | 2;
}

/** The list's own texts (its button, empty state, first card's label) as blocks. */
function ownTexts(blocks: string, actionLabel: string, empty: string, firstLabel?: string) {
  return {
    action: { name: `${blocks}.button`, text: actionLabel, label: true },
    empty: { name: `${blocks}.empty`, text: empty },
    first: firstLabel ? { name: `${blocks}.first`, text: firstLabel } : undefined,
  } satisfies Record<string, LaterBlock | undefined>;
}
type OwnTexts = ReturnType<typeof ownTexts>;

function DateCard({
  event,
  slug,
  texts,
  headingLevel: Heading,
  label,
  soldOut,
}: {
  event: PublicEvent;
  slug: string;
  texts: OwnTexts;
  headingLevel: "h2" | "h3";
  label?: LaterBlock;
  soldOut?: (event: PublicEvent) => ReactNode;
}) {
  const venue = venueLine(event);
  const cancelled = event.status === "cancelled";
  const bookable = isBookable(event);
  const row = "flex items-start gap-3";
  const icon = "mt-1 h-5 w-5 shrink-0 text-teal";
  return (
    <li className="flex flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm sm:p-8">
      {event.image ? (
        <ResponsiveImage
          image={event.image}
          sizes="(min-width: 768px) 50vw, 100vw"
          className="mb-5 aspect-[3/2] h-auto w-full rounded-xl object-cover"
        />
      ) : null}
      {label ? <Later block={label} as="p" className="text-sm font-semibold uppercase tracking-widest text-gold-ink" /> : null}
      <Heading data-from="event" className={`${label ? "mt-1 " : ""}text-2xl`}>
        {event.title}
      </Heading>
      {event.description ? (
        <p data-from="event" className="mt-3 text-ink-soft">
          {event.description}
        </p>
      ) : null}
      <dl className="mt-5 grid gap-3 text-ink">
        <div className={row}>
          <dt>
            <CalendarDays aria-hidden="true" className={icon} />
            <span className="sr-only">Wanneer</span>
          </dt>
          <dd data-from="event" className="font-medium">
            {formatEventWhen(event.starts_at, event.ends_at)}
          </dd>
        </div>
        {venue ? (
          <div className={row}>
            <dt>
              <MapPin aria-hidden="true" className={icon} />
              <span className="sr-only">Waar</span>
            </dt>
            <dd data-from="event">{venue}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>
            <Euro aria-hidden="true" className={icon} />
            <span className="sr-only">Prijs</span>
          </dt>
          <dd>
            {event.price_cents > 0 ? (
              <>
                <span data-from="event" className="whitespace-nowrap">
                  {formatPriceCents(event.price_cents)}
                </span>{" "}
                <Later block={sharedTexts.vat} className="text-sm text-ink-soft" />
              </>
            ) : (
              <Later block={sharedTexts.free} />
            )}
          </dd>
        </div>
        <div className={row}>
          <dt>
            <Users aria-hidden="true" className={icon} />
            <span className="sr-only">Plaatsen</span>
          </dt>
          <dd className={bookable ? "" : "font-semibold text-gold-ink"}>
            {cancelled ? <Later block={sharedTexts.cancelled} /> : <span data-from="event">{seatsLabel(event.seats_left)}</span>}
          </dd>
        </div>
      </dl>
      <div className="mt-6">
        {cancelled ? (
          <Later block={sharedTexts.cancelledText} as="p" className="text-ink-soft" />
        ) : bookable ? (
          <Link to={checkoutHref({ product: slug, eventId: event.id })} className={buttonClasses("primary")}>
            <Later block={texts.action} />
            <span className="sr-only"> voor {formatDate(event.starts_at)}</span>
          </Link>
        ) : soldOut ? (
          soldOut(event)
        ) : (
          <Later block={sharedTexts.soldOut} as="p" className="text-ink-soft" />
        )}
      </div>
    </li>
  );
}

/**
 * The product's upcoming dates with live price and seats left, each with a button to the
 * checkout. Loaded in the browser: the prerendered page shows the loading state.
 */
export function ProductDates(props: ProductDatesProps) {
  const texts = ownTexts(props.blocks, props.actionLabel, props.empty, props.firstLabel);
  const later = [texts.action, texts.empty, ...(texts.first ? [texts.first] : [])];
  return (
    <>
      <LaterBlocks blocks={[...later, ...Object.values(sharedTexts)]} />
      <Dates {...props} texts={texts} />
    </>
  );
}

function Dates({
  slug,
  texts,
  leaveEmail,
  headingLevel = "h3",
  columns = 2,
  soldOut,
}: ProductDatesProps & { texts: OwnTexts }) {
  const { data, isPending, isError } = useProduct(slug);
  if (isPending) return <EventsLoading />;
  if (isError) return <EventsError />;

  const events = data.events;
  if (events.length === 0) return leaveEmail(<Later block={texts.empty} as="p" />);
  const anyBookable = events.some(isBookable);
  return (
    <div className="space-y-8">
      <ul className={`grid gap-6 ${columns === 2 ? "md:grid-cols-2" : ""}`}>
        {events.map((event, index) => (
          <DateCard
            key={event.id}
            event={event}
            slug={slug}
            texts={texts}
            headingLevel={headingLevel}
            label={index === 0 ? texts.first : undefined}
            soldOut={soldOut}
          />
        ))}
      </ul>
      {anyBookable
        ? null
        : leaveEmail(<Later block={events.length === 1 ? sharedTexts.soldOut : sharedTexts.allSoldOut} as="p" />)}
    </div>
  );
}
