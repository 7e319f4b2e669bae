import { Ban, Pencil, Plus, Trash2, Users, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { FilterSelect } from "@/components/admin/filter-select";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useProducts } from "@/lib/products/list-products";
import { useDeleteEvent } from "@/features/events/api/delete-event";
import { useAdminEvent } from "@/features/events/api/get-admin-event";
import { useAdminEvents } from "@/features/events/api/list-admin-events";
import { useUpdateEvent } from "@/features/events/api/update-event";
import { EventForm, type ImagePicker } from "@/features/events/components/event-form";
import { eventKindCopy, eventKindLabel, eventStatusLabel, eventStatusTone } from "@/lib/event-labels";
import { eventFormToInput, eventToForm } from "@/features/events/lib/event-validation";
import type { AdminEvent, EventKind, When } from "@/lib/api-types";
import { formatDate, formatPriceCents, formatTime, formatTimeRange, isSameBrusselsDay } from "@/lib/format";

const PER_PAGE = 10;

const tabs: { value: When; label: string }[] = [
  { value: "upcoming", label: "Komende data" },
  { value: "past", label: "Voorbije data" },
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
  const list = useListState({ perPage: PER_PAGE, filters: [kind] });
  const events = useAdminEvents({ kind, when, page: list.page, perPage: PER_PAGE });
  const { data } = events;

  useEffect(() => {
    if (data) onItems(data.items);
  }, [data, onItems]);

  return (
    <DataList
      list={list}
      query={events}
      label={`${kindPlural[kind]}: ${when === "upcoming" ? "komende data, eerstvolgende eerst" : "voorbije data, meest recente eerst"}`}
      pagingLabel={when === "upcoming" ? "komende data" : "voorbije data"}
      loadingLabel="Data laden..."
      empty={
        when === "upcoming"
          ? `Er staan geen komende data gepland. Voeg er een toe met ‘${eventKindCopy(kind).newLabel}’.`
          : "Er zijn nog geen voorbije data."
      }
      columns={columns}
      rowClassName={(event) => (event.id === selectedId ? "bg-teal-soft" : "bg-paper")}
      actions={(event) => {
        const label = `${event.title}, ${formatDate(event.starts_at)}`;
        const selected = event.id === selectedId;
        return (
          <>
            {attendees && onSelect ? (
              <RowButton
                icon={Users}
                label={attendees}
                row={label}
                variant={selected ? "primary" : "secondary"}
                aria-pressed={selected}
                onClick={() => onSelect(event)}
              />
            ) : null}
            <RowButton icon={Pencil} label="Bewerken" row={label} onClick={() => onEdit(event)} />
            {event.status !== "cancelled" && when === "upcoming" ? (
              <RowButton icon={Ban} label="Annuleren" row={label} variant="quiet" onClick={() => onCancel(event)} />
            ) : null}
            <RowButton icon={Trash2} label="Verwijderen" row={label} variant="danger-quiet" onClick={() => onDelete(event)} />
          </>
        );
      }}
    />
  );
}

const columns: Column<AdminEvent>[] = [
  {
    header: "Wanneer en waar",
    cell: (event) => (
      <>
        <span className="block text-ink">{event.title}</span>
        <span className="block text-sm font-normal text-ink">{eventPeriod(event)}</span>
        <span className="block text-sm font-normal text-ink-soft">
          <span className="sr-only">Locatie: </span>
          {eventVenue(event)}
        </span>
      </>
    ),
  },
  {
    header: "Plaatsen",
    cell: (event) => (
      <>
        <span className="font-medium">{event.seats_taken}</span> / {event.capacity}
        <span className="block text-sm text-ink-soft">
          {event.seats_left === 1 ? "nog 1 vrij" : `nog ${event.seats_left} vrij`}
        </span>
      </>
    ),
    className: "@5xl:whitespace-nowrap",
  },
  { header: "Prijs", cell: (event) => formatPriceCents(event.price_cents), className: "@5xl:whitespace-nowrap" },
  { header: "Status", cell: (event) => <Badge tone={eventStatusTone(event.status)}>{eventStatusLabel(event.status)}</Badge> },
];

interface EventsAdminProps {
  title: string;
  intro: ReactNode;
  /** The kinds managed here; with more than one, a choice above the list. */
  kinds: EventKind[];
  /** Above the list, e.g. the check-in box. */
  top?: ReactNode;
  /** The selected event's tickets or bookings (with its heading); without it no such button. */
  attendees?: (event: AdminEvent) => ReactNode;
  /** The media library's picker for an event's photo. */
  imagePicker?: ImagePicker;
}

/** Events of one or more kinds: upcoming and past in two tabs; add, edit, cancel, delete; per event its attendees. */
export function EventsAdmin({ title, intro, kinds, top, attendees, imagePicker }: EventsAdminProps) {
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
  const panelRef = useRef<HTMLDivElement>(null);
  const copy = eventKindCopy(kind);
  const productPrice =
    kind === "zelfbeeld" ? undefined : (products.data?.find((p) => p.event_kind === kind)?.price_cents ?? undefined);

  // The selected event's seat counts follow the list (a ticket cancelled frees a seat).
  const onItems = useCallback((items: AdminEvent[]) => {
    setSelected((current) => {
      if (!current) return current;
      const fresh = items.find((e) => e.id === current.id);
      return fresh && JSON.stringify(fresh) !== JSON.stringify(current) ? fresh : current;
    });
  }, []);

  function select(event: AdminEvent) {
    setSelected(event);
    requestAnimationFrame(() => {
      panelRef.current?.focus();
      panelRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    });
  }

  // ?activiteit=ID (a link from the admin search) opens that date with its tickets or bookings.
  const [params] = useSearchParams();
  const linkedId = Number(params.get("activiteit"));
  const linked = useAdminEvent(attendees && Number.isSafeInteger(linkedId) && linkedId > 0 ? linkedId : null);
  const link = params.toString();
  useEffect(() => {
    if (!linked.data || !kinds.includes(linked.data.kind)) return;
    setKind(linked.data.kind);
    select(linked.data);
    // Only a new link (or its event arriving) opens it again; kinds and select are the same each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked.data, link]);

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
        <FilterSelect
          label="Soort"
          value={kind}
          options={kinds.map((k) => ({ value: k, label: kindPlural[k] }))}
          onChange={(k) => {
            setKind(k);
            setSelected(null);
          }}
          className="mt-8 w-full sm:w-64"
        />
      ) : null}

      <AdminTabs label="Welke data" tabs={tabs} value={when} onChange={setWhen}>
        <EventsTable
          key={when}
          kind={kind}
          when={when}
          attendees={attendees ? copy.attendees : undefined}
          selectedId={selected?.id ?? null}
          onItems={onItems}
          onSelect={attendees ? select : undefined}
          onEdit={(event) => setEditing({ mode: "edit", event })}
          onCancel={setCancelling}
          onDelete={setDeleting}
        />
      </AdminTabs>

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
            imagePicker={imagePicker}
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
