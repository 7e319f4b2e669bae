import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { AdminTabs } from "@/features/admin/components/admin-tabs";
import { Badge } from "@/features/admin/components/badge";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { errorMessage } from "@/features/admin/lib/form-errors";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton } from "@/features/admin/lib/styles";
import { useDeleteEvent } from "@/features/events/api/delete-event";
import { useAdminEvents, type EventWhen } from "@/features/events/api/list-admin-events";
import { EventForm } from "@/features/events/components/event-form";
import { eventStatusLabel, eventStatusTone } from "@/features/events/lib/event-labels";
import type { AdminEvent } from "@/lib/api-types";
import { formatDate, formatPriceCents, formatTime, formatTimeRange, isSameBrusselsDay } from "@/lib/format";

const PER_PAGE = 10;

const tabs: { value: EventWhen; label: string }[] = [
  { value: "upcoming", label: "Komende data" },
  { value: "past", label: "Voorbije data" },
];

type Editing = { mode: "new" } | { mode: "edit"; event: AdminEvent } | null;

/** "vrijdag 5 maart 2027, 09:30 – zondag 7 maart 2027, 17:00" (or one day with a time range). */
export function eventPeriod(event: Pick<AdminEvent, "starts_at" | "ends_at">): string {
  if (isSameBrusselsDay(event.starts_at, event.ends_at)) {
    return `${formatDate(event.starts_at)}, ${formatTimeRange(event.starts_at, event.ends_at)}`;
  }
  return `${formatDate(event.starts_at)}, ${formatTime(event.starts_at)} – ${formatDate(event.ends_at)}, ${formatTime(event.ends_at)}`;
}

function venue(event: AdminEvent): string {
  const place = [event.postal_code, event.city].filter(Boolean).join(" ");
  return [event.venue_name, event.street, place].filter(Boolean).join(", ") || "—";
}

function EventsTable({
  when,
  onEdit,
  onDelete,
}: {
  when: EventWhen;
  onEdit: (event: AdminEvent) => void;
  onDelete: (event: AdminEvent) => void;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useAdminEvents({ kind: "zelfbeeld", when, page, perPage: PER_PAGE });

  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

  if (isPending) return <LoadingBlock label="Data laden..." />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        {when === "upcoming"
          ? "Er staan geen komende data gepland. Voeg er een toe met ‘Nieuwe datum’."
          : "Er zijn nog geen voorbije data."}
      </p>
    );
  }
  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
        <table className="w-full min-w-[36rem] text-left">
          <caption className="sr-only">{when === "upcoming" ? "Komende data, eerstvolgende eerst" : "Voorbije data, meest recente eerst"}</caption>
          <thead className="border-b border-sand bg-cream-deep text-sm">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Wanneer en waar</th>
              <th scope="col" className="px-4 py-3 font-semibold">Plaatsen</th>
              <th scope="col" className="px-4 py-3 font-semibold">Prijs</th>
              <th scope="col" className="px-4 py-3 font-semibold">Status</th>
              <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Acties</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand">
            {data.items.map((event) => (
              <tr key={event.id} className="align-top">
                <td className="px-4 py-3">
                  <p className="font-medium text-ink">{event.title}</p>
                  <p className="text-sm text-ink">{eventPeriod(event)}</p>
                  <p className="text-sm text-ink-soft">
                    <span className="sr-only">Locatie: </span>
                    {venue(event)}
                  </p>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  <span className="font-medium">{event.seats_taken}</span> / {event.capacity}
                  <span className="block text-sm text-ink-soft">
                    {event.seats_left === 1 ? "nog 1 vrij" : `nog ${event.seats_left} vrij`}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3">{formatPriceCents(event.price_cents)}</td>
                <td className="px-4 py-3">
                  <Badge tone={eventStatusTone(event.status)}>{eventStatusLabel(event.status)}</Badge>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-stretch gap-2">
                    <button type="button" onClick={() => onEdit(event)} className={adminButton("secondary", "sm")}>
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                      Bewerken<span className="sr-only"> ({event.title}, {formatDate(event.starts_at)})</span>
                    </button>
                    <button type="button" onClick={() => onDelete(event)} className={adminButton("danger-quiet", "sm")}>
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Verwijderen<span className="sr-only"> ({event.title}, {formatDate(event.starts_at)})</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label={when === "upcoming" ? "komende data" : "voorbije data"} />
    </>
  );
}

/** The zelfbeeld course dates: upcoming and past in two tabs; add, edit, delete. */
export function ZelfbeeldEventsAdmin() {
  const [when, setWhen] = useState<EventWhen>("upcoming");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);
  const remove = useDeleteEvent();

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Datum verwijderd", { description: `${deleting.title}, ${formatDate(deleting.starts_at)} is verwijderd.` });
      setDeleting(null);
    } catch (e) {
      // 409: seats were already taken; the server says to cancel the date instead.
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
      setDeleting(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Zelfbeeld-events"
        intro={
          <p>
            De data van De Zelfbeeld-Ommekeer. Gepubliceerde komende data verschijnen op de website, met het aantal vrije
            plaatsen.
          </p>
        }
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            Nieuwe datum
          </button>
        }
      />

      <AdminTabs label="Welke data" tabs={tabs} value={when} onChange={setWhen}>
        <EventsTable key={when} when={when} onEdit={(event) => setEditing({ mode: "edit", event })} onDelete={setDeleting} />
      </AdminTabs>

      <AdminDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? "Datum bewerken" : "Nieuwe datum"}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <EventForm
            key={editing.mode === "edit" ? editing.event.id : "new"}
            event={editing.mode === "edit" ? editing.event : null}
            kind="zelfbeeld"
            onDone={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Datum verwijderen?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Wil je <strong className="text-ink">{deleting?.title}</strong> op{" "}
          <strong className="text-ink">{deleting ? formatDate(deleting.starts_at) : ""}</strong> echt verwijderen?
        </p>
        {deleting && deleting.seats_taken > 0 ? (
          <p className="mt-2">
            Er zijn al plaatsen geboekt. Verwijderen kan dan niet; zet de status liever op ‘Geannuleerd’.
          </p>
        ) : (
          <p className="mt-2">Dit kan je niet ongedaan maken.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
