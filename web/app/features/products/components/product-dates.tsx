import { CalendarDays, Euro, MapPin, Users } from "@/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button-link";
import { checkoutHref } from "@/lib/checkout-params";
import { EventsError, EventsLoading } from "@/components/ui/load-status";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { useProduct } from "@/lib/products/get-product";
import { formatEventWhen, isBookable, seatsLabel, venueLine } from "@/lib/availability";
import type { PublicEvent } from "@/lib/api-types";
import { formatDate, formatPriceCents } from "@/lib/format";

interface ProductDatesProps {
  /** The product whose upcoming dates are shown (GET /api/products/{slug}). */
  slug: string;
  /** Label of the button to the checkout: "Koop tickets", "Boek deze datum". */
  actionLabel: string;
  /** Shown when there is no upcoming date. */
  empty: ReactNode;
  /** No date to book: the message, with a way to hear of the next one (the page's newsletter prompt). */
  leaveEmail: (message: ReactNode) => ReactNode;
  headingLevel?: "h2" | "h3";
  /** What a sold-out date offers instead of the button (e.g. the waiting list). */
  soldOut?: (event: PublicEvent) => ReactNode;
  /** Labels the first card, e.g. "Volgende vertelavond". */
  firstLabel?: string;
  columns?: 1 | 2;
}

function DateCard({
  event,
  slug,
  actionLabel,
  headingLevel: Heading,
  label,
  soldOut,
}: {
  event: PublicEvent;
  slug: string;
  actionLabel: string;
  headingLevel: "h2" | "h3";
  label?: string;
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
      {label ? <p className="text-sm font-semibold uppercase tracking-widest text-gold-ink">{label}</p> : null}
      <Heading className={`${label ? "mt-1 " : ""}text-2xl`}>{event.title}</Heading>
      {event.description ? <p className="mt-3 text-ink-soft">{event.description}</p> : null}
      <dl className="mt-5 grid gap-3 text-ink">
        <div className={row}>
          <dt>
            <CalendarDays aria-hidden="true" className={icon} />
            <span className="sr-only">Wanneer</span>
          </dt>
          <dd className="font-medium">{formatEventWhen(event.starts_at, event.ends_at)}</dd>
        </div>
        {venue ? (
          <div className={row}>
            <dt>
              <MapPin aria-hidden="true" className={icon} />
              <span className="sr-only">Waar</span>
            </dt>
            <dd>{venue}</dd>
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
                <span className="whitespace-nowrap">{formatPriceCents(event.price_cents)}</span>{" "}
                <span className="text-sm text-ink-soft">incl. btw</span>
              </>
            ) : (
              "Gratis"
            )}
          </dd>
        </div>
        <div className={row}>
          <dt>
            <Users aria-hidden="true" className={icon} />
            <span className="sr-only">Plaatsen</span>
          </dt>
          <dd className={bookable ? "" : "font-semibold text-gold-ink"}>
            {cancelled ? "Gaat niet door" : seatsLabel(event.seats_left)}
          </dd>
        </div>
      </dl>
      <div className="mt-6">
        {cancelled ? (
          <p className="text-ink-soft">Deze datum gaat helaas niet door.</p>
        ) : bookable ? (
          <Link to={checkoutHref({ product: slug, eventId: event.id })} className={buttonClasses("primary")}>
            {actionLabel}
            <span className="sr-only"> voor {formatDate(event.starts_at)}</span>
          </Link>
        ) : soldOut ? (
          soldOut(event)
        ) : (
          <p className="text-ink-soft">Deze datum is uitverkocht.</p>
        )}
      </div>
    </li>
  );
}

/**
 * The product's upcoming dates with live price and seats left, each with a button to the
 * checkout. Loaded in the browser: the prerendered page shows the loading state.
 */
export function ProductDates({
  slug,
  actionLabel,
  empty,
  leaveEmail,
  headingLevel = "h3",
  firstLabel,
  columns = 2,
  soldOut,
}: ProductDatesProps) {
  const { data, isPending, isError } = useProduct(slug);
  if (isPending) return <EventsLoading />;
  if (isError) return <EventsError />;

  const events = data.events;
  if (events.length === 0) return leaveEmail(empty);
  const anyBookable = events.some(isBookable);
  return (
    <div className="space-y-8">
      <ul className={`grid gap-6 ${columns === 2 ? "md:grid-cols-2" : ""}`}>
        {events.map((event, index) => (
          <DateCard
            key={event.id}
            event={event}
            slug={slug}
            actionLabel={actionLabel}
            headingLevel={headingLevel}
            label={index === 0 ? firstLabel : undefined}
            soldOut={soldOut}
          />
        ))}
      </ul>
      {anyBookable
        ? null
        : leaveEmail(<p>{events.length === 1 ? "Deze datum is uitverkocht." : "Alle geplande data zijn uitverkocht."}</p>)}
    </div>
  );
}
