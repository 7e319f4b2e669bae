import { Later, type LaterBlock } from "@/components/ui/block";
import { CalendarDays, Clock, Euro, MapPin, Users } from "@/components/ui/icons";
import type { PublicEvent } from "@/lib/api-types";
import { formatDate, formatPriceCents, formatTimeRange, isSameBrusselsDay, formatDateTime } from "@/lib/format";

function isSoldOut(event: PublicEvent): boolean {
  return event.seats_left <= 0;
}

function isCancelled(event: PublicEvent): boolean {
  return event.status === "cancelled";
}

function venueLines(event: PublicEvent): string[] {
  if (event.venue_name || event.street || event.city) {
    const cityLine = [event.postal_code, event.city].filter(Boolean).join(" ");
    return [event.venue_name, event.street, cityLine].filter((v): v is string => Boolean(v));
  }
  if (event.online_url) return ["Online"];
  return [];
}

/** The words of an event's details (shown once the events loaded; `UpcomingEvents` registers them). */
export const eventDetailTexts = {
  free: { name: "shared.events.free", text: "Gratis" },
  cancelled: { name: "shared.events.cancelled", text: "Geannuleerd" },
  soldOut: { name: "shared.events.sold-out", text: "Uitverkocht" },
} satisfies Record<string, LaterBlock>;

/** Date, time, venue, price and seats of one event as a description list. */
export function EventDetails({ event }: { event: PublicEvent }) {
  const sameDay = isSameBrusselsDay(event.starts_at, event.ends_at);
  const venue = venueLines(event);
  const row = "flex items-start gap-3";
  const icon = "mt-1 h-5 w-5 shrink-0 text-teal";
  return (
    <dl className="grid gap-3 text-ink">
      <div className={row}>
        <dt>
          <CalendarDays aria-hidden="true" className={icon} />
          <span className="sr-only">Datum</span>
        </dt>
        <dd data-from="event" className="font-medium">
          {sameDay ? formatDate(event.starts_at) : `${formatDate(event.starts_at)} tot ${formatDate(event.ends_at)}`}
        </dd>
      </div>
      <div className={row}>
        <dt>
          <Clock aria-hidden="true" className={icon} />
          <span className="sr-only">Uur</span>
        </dt>
        <dd data-from="event">
          {sameDay ? formatTimeRange(event.starts_at, event.ends_at) : `Start ${formatDateTime(event.starts_at)}`}
        </dd>
      </div>
      {venue.length > 0 ? (
        <div className={row}>
          <dt>
            <MapPin aria-hidden="true" className={icon} />
            <span className="sr-only">Locatie</span>
          </dt>
          <dd data-from="event">{venue.join(", ")}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>
          <Euro aria-hidden="true" className={icon} />
          <span className="sr-only">Prijs</span>
        </dt>
        <dd>
          {event.price_cents > 0 ? (
            <span data-from="event" className="whitespace-nowrap">
              {formatPriceCents(event.price_cents)}
            </span>
          ) : (
            <Later block={eventDetailTexts.free} />
          )}
        </dd>
      </div>
      <div className={row}>
        <dt>
          <Users aria-hidden="true" className={icon} />
          <span className="sr-only">Beschikbaarheid</span>
        </dt>
        <dd>
          {isCancelled(event) ? (
            <Later block={eventDetailTexts.cancelled} className="font-semibold" />
          ) : isSoldOut(event) ? (
            <Later block={eventDetailTexts.soldOut} className="font-semibold text-gold-ink" />
          ) : (
            <span data-from="event">{`Nog ${event.seats_left} ${event.seats_left === 1 ? "plaats" : "plaatsen"} vrij`}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
