import { Link } from "react-router";
import { cardClass } from "@/components/admin/styles";
import type { EventTickets } from "@/lib/api-types";
import { formatCount } from "@/features/dashboard/lib/dashboard-format";
import { eventKindLabel } from "@/lib/event-labels";
import { formatDateTime } from "@/lib/format";

/** Tickets sold per upcoming event: sold, seats taken of the capacity, checked in. */
export function TicketSales({ events }: { events: EventTickets[] }) {
  return (
    <section className={`${cardClass} min-w-0`} aria-labelledby="tickets-per-evenement">
      <h2 id="tickets-per-evenement" className="text-xl">
        Tickets per evenement
      </h2>
      {events.length === 0 ? (
        <p className="mt-3 text-ink-soft">Er staan geen komende evenementen gepland.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left">
            <caption className="sr-only">Verkochte tickets per komend evenement, eerstvolgende eerst</caption>
            <thead className="border-b border-sand text-sm">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">Evenement</th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">Verkocht</th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">Bezet</th>
                <th scope="col" className="py-2 text-right font-semibold">Ingecheckt</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand">
              {events.map((e) => {
                const pct = e.capacity > 0 ? Math.min(100, Math.round((e.seats_taken / e.capacity) * 100)) : 0;
                return (
                  <tr key={e.event_id} className="align-top">
                    <th scope="row" className="py-3 pr-4 font-normal">
                      <Link
                        to={e.kind === "zelfbeeld" ? "/admin/zelfbeeld-events" : "/admin/tickets"}
                        className="text-link font-semibold"
                      >
                        {e.title}
                      </Link>
                      <span className="block text-sm text-ink-soft">
                        {eventKindLabel(e.kind)} · {formatDateTime(e.starts_at)}
                      </span>
                    </th>
                    <td className="py-3 pr-4 text-right">{formatCount(e.tickets_sold)}</td>
                    <td className="py-3 pr-4 text-right">
                      <span className="whitespace-nowrap">
                        {formatCount(e.seats_taken)} / {formatCount(e.capacity)}
                      </span>
                      <span aria-hidden="true" className="ml-auto mt-1 block h-1.5 w-20 overflow-hidden rounded-full bg-cream-deep">
                        <span className="block h-full rounded-full bg-teal" style={{ width: `${pct}%` }} />
                      </span>
                    </td>
                    <td className="py-3 text-right">{formatCount(e.checked_in)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
