import { Link } from "react-router";
import { DataTable, type Column } from "@/components/admin/data-list";
import { cardClass } from "@/components/admin/styles";
import type { EventTickets } from "@/lib/api-types";
import { formatCount } from "@/features/dashboard/lib/dashboard-format";
import { eventKindLabel } from "@/lib/event-labels";
import { formatDateTime } from "@/lib/format";

const columns: Column<EventTickets>[] = [
  {
    header: "Evenement",
    cell: (e) => (
      <>
        <Link to={e.kind === "zelfbeeld" ? "/admin/zelfbeeld-events" : "/admin/tickets"} className="text-link font-semibold">
          {e.title}
        </Link>
        <span className="block text-sm text-ink-soft">
          {eventKindLabel(e.kind)} · {formatDateTime(e.starts_at)}
        </span>
      </>
    ),
    className: "font-normal",
  },
  { header: "Verkocht", cell: (e) => formatCount(e.tickets_sold) },
  {
    header: "Bezet",
    cell: (e) => {
      const pct = e.capacity > 0 ? Math.min(100, Math.round((e.seats_taken / e.capacity) * 100)) : 0;
      return (
        <>
          <span className="whitespace-nowrap">
            {formatCount(e.seats_taken)} / {formatCount(e.capacity)}
          </span>
          <span aria-hidden="true" className="mt-1 block h-1.5 w-20 overflow-hidden rounded-full bg-cream-deep">
            <span className="block h-full rounded-full bg-teal" style={{ width: `${pct}%` }} />
          </span>
        </>
      );
    },
  },
  { header: "Ingecheckt", cell: (e) => formatCount(e.checked_in) },
];

/** Tickets sold per upcoming event: sold, seats taken of the capacity, checked in. */
export function TicketSales({ events }: { events: EventTickets[] }) {
  return (
    <section className={`${cardClass} min-w-0`} aria-labelledby="tickets-per-evenement">
      <h2 id="tickets-per-evenement" className="mb-4 text-xl">
        Tickets per evenement
      </h2>
      {events.length === 0 ? (
        <p className="text-ink-soft">Er staan geen komende evenementen gepland.</p>
      ) : (
        <DataTable
          items={events}
          label="Verkochte tickets per komend evenement, eerstvolgende eerst"
          columns={columns}
          rowKey={(e) => e.event_id}
        />
      )}
    </section>
  );
}
