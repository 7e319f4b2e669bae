import { LaterBlocks } from "@/components/ui/block";
import type { ReactNode } from "react";
import { useUpcomingEvents } from "@/features/events/api/get-upcoming-events";
import { EventsError, EventsLoading } from "@/components/ui/load-status";
import { EventDetails, eventDetailTexts } from "@/features/events/components/event-details";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import type { EventKind, PublicEvent } from "@/lib/api-types";

interface UpcomingEventsProps {
  kind: EventKind;
  /** Shown when there are no upcoming events. */
  empty: ReactNode;
  /** Optional action per event (e.g. a booking link). */
  action?: (event: PublicEvent) => ReactNode;
  /** Only show the first N events. */
  limit?: number;
  headingLevel?: "h2" | "h3";
}

/** List of upcoming events of one kind, loaded from the API. */
export function UpcomingEvents(props: UpcomingEventsProps) {
  return (
    <>
      <LaterBlocks blocks={Object.values(eventDetailTexts)} />
      <EventList {...props} />
    </>
  );
}

function EventList({ kind, empty, action, limit, headingLevel = "h3" }: UpcomingEventsProps) {
  const { data, isPending, isError } = useUpcomingEvents(kind);
  if (isPending) return <EventsLoading />;
  if (isError) return <EventsError />;
  const events = limit ? data.events.slice(0, limit) : data.events;
  if (events.length === 0) return <>{empty}</>;
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col rounded-2xl border border-sand bg-paper p-6 shadow-sm">
          {event.image ? (
            <ResponsiveImage
              image={event.image}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="mb-4 aspect-[3/2] h-auto w-full rounded-xl object-cover"
            />
          ) : null}
          <Heading data-from="event" className="text-xl">
            {event.title}
          </Heading>
          {event.description ? (
            <p data-from="event" className="mt-2 text-ink-soft">
              {event.description}
            </p>
          ) : null}
          <div className="mt-4">
            <EventDetails event={event} />
          </div>
          {action ? <div className="mt-6">{action(event)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
