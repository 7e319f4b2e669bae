import { Ban, Pencil, Plus, Trash2, Users, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { Badge } from "@/features/admin/components/badge";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { errorMessage } from "@/features/admin/lib/form-errors";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton, cardClass, inputClass, labelClass } from "@/features/admin/lib/styles";
import { useProducts } from "@/features/coupons/api/list-products";
import { useDeleteEvent } from "@/features/events/api/delete-event";
import { useAdminEvents } from "@/features/events/api/list-admin-events";
import { useUpdateEvent } from "@/features/events/api/update-event";
import { EventForm } from "@/features/events/components/event-form";
import { eventKindCopy, eventKindLabel, eventStatusLabel, eventStatusTone } from "@/features/events/lib/event-labels";
import { eventFormToInput, eventToForm } from "@/features/events/lib/event-validation";
import type { AdminEvent, EventKind, When } from "@/lib/api-types";
import { formatDate, formatPriceCents, formatTime, formatTimeRange, isSameBrusselsDay } from "@/lib/format";

const PER_PAGE = 10;

const tabs: { when: When; label: string }[] = [
  { when: "upcoming", label: "Komende data" },
  { when: "past", label: "Voorbije data" },
];

const kindPlural: Record<EventKind, string> = {
  vertelavond: "Vertelavonden",
  webinar: "Webinars",
  zelfbeeld: "Zelfbeeld-Ommekeer",
};

type Editing = { mode: "new" } | { mode: "edit"; event: AdminEvent } | null;

/** "vrijdag 5 maart 2027, 09:30 – zondag 7 maart 2027, 17:00" (or one day with a time range). */
export function eventPeriod(event: Pick<AdminEvent, "starts_at" | "ends_at">): string {
  if (isSameBrusselsDay(event.starts_at, event.ends_at)) {
    return `${formatDate(event.starts_at)}, ${formatTimeRange(event.starts_at, event.ends_at)}`;
  }
  return `${formatDate(event.starts_at)}, ${formatTime(event.starts_at)} – ${formatDate(event.ends_at)}, ${formatTime(event.ends_at)}`;
}

export function eventVenue(event: AdminEvent): string {
  const place = [event.postal_code, event.city].filter(Boolean).join(" ");
  const where = [event.venue_name, event.street, place].filter(Boolean).join(", ");
  return where || (event.online_url ? "Online" : "—");
}

interface EventsTableProps {
  kind: EventKind;
  when: When;
  attendees?: string;
  selectedId: number | null;
  onItems: (items: AdminEvent[]) => void;
  onSelect?: (event: AdminEvent) => void;
  onEdit: (event: AdminEvent) => void;
  onCancel: (event: AdminEvent) => void;
  onDelete: (event: AdminEvent) => void;
}

function EventsTable({ kind, when, attendees, selectedId, onItems, onSelect, onEdit, onCancel, onDelete }: EventsTableProps) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useAdminEvents({ kind, when, page, perPage: PER_PAGE });

  useEffect(() => setPage(1), [kind]);
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);
  useEffect(() => {
    if (data) onItems(data.items);
  }, [data]);

  if (isPending) return <LoadingBlock label="Data laden..." />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        {when === "upcoming"
          ? `Er staan geen komende data gepland. Voeg er een toe met ‘${eventKindCopy(kind).newLabel}’.`
          : "Er zijn nog geen voorbije data."}
      </p>
    );
  }
  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
        <table className="w-full min-w-[40rem] text-left">
          <caption className="sr-only">
            {kindPlural[kind]}: {when === "upcoming" ? "komende data, eerstvolgende eerst" : "voorbije data, meest recente eerst"}
          </caption>
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
            {data.items.map((event) => {
              const label = `${event.title}, ${formatDate(event.starts_at)}`;
              const selected = event.id === selectedId;
              return (
                <tr key={event.id} className={`align-top ${selected ? "bg-teal-soft/60" : ""}`}>
                  <td className="px-4 py-3">
                    <p className="font-medium text-ink">{event.title}</p>
                    <p className="text-sm text-ink">{eventPeriod(event)}</p>
                    <p className="text-sm text-ink-soft">
                      <span className="sr-only">Locatie: </span>
                      {eventVenue(event)}
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
                      {attendees && onSelect ? (
                        <button
                          type="button"
                          onClick={() => onSelect(event)}
                          aria-pressed={selected}
                          className={adminButton(selected ? "primary" : "secondary", "sm")}
                        >
                          <Users aria-hidden="true" className="h-4 w-4" />
                          {attendees}
                          <span className="sr-only"> ({label})</span>
                        </button>
                      ) : null}
                      <button type="button" onClick={() => onEdit(event)} className={adminButton("secondary", "sm")}>
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                        Bewerken<span className="sr-only"> ({label})</span>
                      </button>
                      {event.status !== "cancelled" && when === "upcoming" ? (
                        <button type="button" onClick={() => onCancel(event)} className={adminButton("quiet", "sm")}>
                          <Ban aria-hidden="true" className="h-4 w-4" />
                          Annuleren<span className="sr-only"> ({label})</span>
                        </button>
                      ) : null}
                      <button type="button" onClick={() => onDelete(event)} className={adminButton("danger-quiet", "sm")}>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        Verwijderen<span className="sr-only"> ({label})</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        total={data.total}
        perPage={PER_PAGE}
        onPageChange={setPage}
        label={when === "upcoming" ? "komende data" : "voorbije data"}
      />
    </>
  );
}

interface EventsAdminProps {
  title: string;
  intro: ReactNode;
  /** The kinds managed here; with more than one, a choice above the list. */
  kinds: EventKind[];
  /** Above the list, e.g. the check-in box. */
  top?: ReactNode;
  /** The selected event's tickets or bookings (with its heading); without it no such button. */
  attendees?: (event: AdminEvent) => ReactNode;
}

/** Events of one or more kinds: upcoming and past in two tabs; add, edit, cancel, delete; per event its attendees. */
export function EventsAdmin({ title, intro, kinds, top, attendees }: EventsAdminProps) {
  const [kind, setKind] = useState<EventKind>(kinds[0]!);
  const [when, setWhen] = useState<When>("upcoming");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const [selected, setSelected] = useState<AdminEvent | null>(null);
  const remove = useDeleteEvent();
  const update = useUpdateEvent();
  const products = useProducts();
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelRef = useRef<HTMLDivElement>(null);
  const copy = eventKindCopy(kind);
  const productPrice =
    kind === "zelfbeeld" ? undefined : (products.data?.find((p) => p.event_kind === kind)?.price_cents ?? undefined);

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next: number | null = null;
    if (e.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (e.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    setWhen(tabs[next]!.when);
    tabRefs.current[next]?.focus();
  }

  // The selected event's seat counts follow the list (a ticket cancelled frees a seat).
  function onItems(items: AdminEvent[]) {
    setSelected((current) => {
      if (!current) return current;
      const fresh = items.find((e) => e.id === current.id);
      return fresh && JSON.stringify(fresh) !== JSON.stringify(current) ? fresh : current;
    });
  }

  function select(event: AdminEvent) {
    setSelected(event);
    requestAnimationFrame(() => {
      panelRef.current?.focus();
      panelRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    });
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Datum verwijderd", { description: `${deleting.title}, ${formatDate(deleting.starts_at)} is verwijderd.` });
      if (selected?.id === deleting.id) setSelected(null);
    } catch (e) {
      // 409: seats were already taken; the server says to cancel the date instead.
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
    setDeleting(null);
  }

  async function confirmCancel() {
    if (!cancelling) return;
    try {
      const input = eventFormToInput(
        { ...eventToForm(cancelling), status: "cancelled" },
        cancelling.kind,
        cancelling.online_url ?? null,
      );
      await update.mutateAsync({ id: cancelling.id, input });
      toast.success("Datum geannuleerd", {
        description: `${cancelling.title}, ${formatDate(cancelling.starts_at)} is niet meer te boeken.`,
      });
    } catch (e) {
      toast.error("Annuleren lukte niet", { description: errorMessage(e) });
    }
    setCancelling(null);
  }

  return (
    <>
      <PageHeader
        title={title}
        intro={intro}
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            {copy.newLabel}
          </button>
        }
      />

      {top ? <div className="mt-8">{top}</div> : null}

      {kinds.length > 1 ? (
        <div className="mt-8 w-full sm:w-64">
          <label htmlFor={`${baseId}-kind`} className={labelClass}>
            Soort
          </label>
          <select
            id={`${baseId}-kind`}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as EventKind);
              setSelected(null);
            }}
            className={inputClass}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindPlural[k]}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <div role="tablist" aria-label="Welke data" className="mt-8 flex gap-1 border-b border-sand">
        {tabs.map((tab, i) => {
          const isSelected = tab.when === when;
          return (
            <button
              key={tab.when}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={`${baseId}-tab-${tab.when}`}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.when}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setWhen(tab.when)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`-mb-px rounded-t-lg border px-4 py-2.5 font-semibold ${
                isSelected ? "border-sand border-b-paper bg-paper text-teal-dark" : "border-transparent text-ink-soft hover:text-ink"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.when === when ? (
          <div
            key={tab.when}
            id={`${baseId}-panel-${tab.when}`}
            role="tabpanel"
            aria-labelledby={`${baseId}-tab-${tab.when}`}
            tabIndex={0}
            className="mt-6"
          >
            <EventsTable
              kind={kind}
              when={tab.when}
              attendees={attendees ? copy.attendees : undefined}
              selectedId={selected?.id ?? null}
              onItems={onItems}
              onSelect={attendees ? select : undefined}
              onEdit={(event) => setEditing({ mode: "edit", event })}
              onCancel={setCancelling}
              onDelete={setDeleting}
            />
          </div>
        ) : null,
      )}

      {attendees && selected ? (
        <div
          ref={panelRef}
          tabIndex={-1}
          aria-labelledby={`${baseId}-attendees`}
          role="region"
          className={`${cardClass} mt-10 scroll-mt-6 focus:outline-none`}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id={`${baseId}-attendees`} className="text-2xl">
                {copy.attendees}: {selected.title}
              </h2>
              <p className="mt-1 text-ink-soft">
                {eventKindLabel(selected.kind)} · {eventPeriod(selected)}
              </p>
            </div>
            <button type="button" onClick={() => setSelected(null)} className={adminButton("quiet", "sm")}>
              <X aria-hidden="true" className="h-4 w-4" />
              Sluiten<span className="sr-only"> ({copy.attendees.toLowerCase()})</span>
            </button>
          </div>
          <div className="mt-5">{attendees(selected)}</div>
        </div>
      ) : null}

      <AdminDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? eventKindCopy(editing.event.kind).editTitle : copy.newLabel}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <EventForm
            key={editing.mode === "edit" ? editing.event.id : `new-${kind}`}
            event={editing.mode === "edit" ? editing.event : null}
            kind={editing.mode === "edit" ? editing.event.kind : kind}
            productPriceCents={productPrice}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>

      <ConfirmDialog
        open={cancelling !== null}
        title="Datum annuleren?"
        confirmLabel="Datum annuleren"
        cancelLabel="Terug"
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        <p>
          <strong className="text-ink">{cancelling?.title}</strong> op{" "}
          <strong className="text-ink">{cancelling ? formatDate(cancelling.starts_at) : ""}</strong> wordt als geannuleerd
          getoond en is niet meer te boeken.
        </p>
        {cancelling && cancelling.seats_taken > 0 ? (
          <p className="mt-2">
            Er {cancelling.seats_taken === 1 ? "is al 1 plaats" : `zijn al ${cancelling.seats_taken} plaatsen`} verkocht.
            Verwittig de deelnemers en betaal hen terug via Bestellingen.
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? eventKindCopy(deleting.kind).deleteTitle : copy.deleteTitle}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Wil je <strong className="text-ink">{deleting?.title}</strong> op{" "}
          <strong className="text-ink">{deleting ? formatDate(deleting.starts_at) : ""}</strong> echt verwijderen?
        </p>
        {deleting && deleting.seats_taken > 0 ? (
          <p className="mt-2">Er zijn al plaatsen geboekt. Verwijderen kan dan niet; annuleer de datum liever.</p>
        ) : (
          <p className="mt-2">Dit kan je niet ongedaan maken.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
