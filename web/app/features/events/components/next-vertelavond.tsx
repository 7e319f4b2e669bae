import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button-link";
import { useUpcomingEvents } from "@/features/events/api/get-upcoming-events";
import { EventDetails, isCancelled, isSoldOut } from "@/features/events/components/event-details";
import { EventsError, EventsLoading } from "@/features/events/components/upcoming-events";

/** The next storytelling evening with its ticket link, or a "no date yet" note. */
export function NextVertelavond({ newsletterAnchor = "#nieuwsbrief" }: { newsletterAnchor?: string }) {
  const { data, isPending, isError } = useUpcomingEvents("vertelavond");
  if (isPending) return <EventsLoading />;
  if (isError) return <EventsError />;

  const next = data.events[0];
  if (!next) {
    return (
      <div className="rounded-2xl border border-sand bg-paper p-6">
        <p className="font-serif text-xl text-ink">Er staat nog geen nieuwe datum gepland</p>
        <p className="mt-2 text-ink-soft">
          Wil je als eerste weten wanneer de volgende vertelavond plaatsvindt?{" "}
          <a href={newsletterAnchor} className="text-link">
            Schrijf je in op de nieuwsbrief
          </a>{" "}
          en je hoort het meteen.
        </p>
      </div>
    );
  }

  const soldOut = isSoldOut(next);
  const cancelled = isCancelled(next);
  return (
    <article
      aria-labelledby="volgende-vertelavond"
      className="rounded-2xl border border-sand bg-paper p-6 shadow-sm sm:p-8"
    >
      <p className="text-sm font-semibold uppercase tracking-widest text-gold-ink">Volgende vertelavond</p>
      <h3 id="volgende-vertelavond" className="mt-1 text-2xl">
        {next.title}
      </h3>
      {next.description ? <p className="mt-3 text-ink-soft">{next.description}</p> : null}
      <div className="mt-5">
        <EventDetails event={next} />
      </div>
      <div className="mt-6">
        {cancelled ? (
          <p className="text-ink-soft">Deze avond gaat helaas niet door.</p>
        ) : soldOut ? (
          <p className="text-ink-soft">
            Deze avond is volzet.{" "}
            <a href={newsletterAnchor} className="text-link">
              Schrijf je in op de nieuwsbrief
            </a>{" "}
            om te horen wanneer de volgende plaatsvindt.
          </p>
        ) : (
          <Link to={`/checkout?product=vertelavond&event=${next.id}`} className={buttonClasses("primary")}>
            Tickets bestellen
          </Link>
        )}
      </div>
    </article>
  );
}
