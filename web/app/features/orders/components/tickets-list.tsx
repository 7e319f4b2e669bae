import { Ban, Download, LogIn, Mail } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { EmailAddress } from "@/components/ui/email-address";
import { eventKindCopy } from "@/lib/event-labels";
import { useResendConfirmation } from "@/features/orders/api/resend-confirmation";
import { useCancelTicket } from "@/features/orders/api/cancel-ticket";
import { useCheckInTicket } from "@/features/orders/api/check-in";
import { useDownloadTicketsCsv } from "@/features/orders/api/export-tickets";
import { useTickets } from "@/features/orders/api/list-tickets";
import type { Ticket } from "@/lib/api-types";
import { seatsTakenLabel, ticketStatusLabel, ticketStatusTone } from "@/features/orders/lib/ticket-labels";
import type { AdminEvent } from "@/lib/api-types";
import { formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 25;

const columns: Column<Ticket>[] = [
  { header: "Code", cell: (ticket) => ticket.code, className: "font-mono font-semibold @5xl:whitespace-nowrap" },
  {
    header: "Naam",
    cell: (ticket) => (
      <>
        <p className="font-medium">{ticket.holder_name}</p>
        <p className="text-sm text-ink-soft">
          <EmailAddress email={ticket.email} />
        </p>
        {ticket.order_id != null ? (
          <Link to={`/admin/orders?bestelling=${ticket.order_id}`} className="text-link text-sm">
            Bestelling bekijken<span className="sr-only"> ({ticket.holder_name}, {ticket.code})</span>
          </Link>
        ) : (
          <p className="text-sm text-ink-soft">Gratis inschrijving</p>
        )}
      </>
    ),
  },
  {
    header: "Status",
    cell: (ticket) => (
      <>
        <Badge tone={ticketStatusTone(ticket.status)}>{ticketStatusLabel(ticket.status)}</Badge>
        {ticket.checked_in_at ? <span className="mt-1 block text-sm text-ink-soft">om {formatTime(ticket.checked_in_at)}</span> : null}
      </>
    ),
  },
  {
    header: "Uitgegeven",
    cell: (ticket) => `${formatShortDate(ticket.created_at)}, ${formatTime(ticket.created_at)}`,
    className: "text-sm text-ink-soft @5xl:whitespace-nowrap",
  },
];

/** One event's tickets (or bookings): search, check in, resend the confirmation, cancel, CSV. */
export function TicketsList({ event }: { event: AdminEvent }) {
  const noun = eventKindCopy(event.kind).attendees; // "Tickets" or "Boekingen"
  // ?activiteit=ID&ticket=CODE (a link from the admin search) shows that ticket.
  const [params] = useSearchParams();
  const linkedTicket = params.get("activiteit") === String(event.id) ? (params.get("ticket") ?? "") : "";
  const list = useListState({ perPage: PER_PAGE, initialSearch: linkedTicket });
  const [cancelling, setCancelling] = useState<Ticket | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const tickets = useTickets({ eventId: event.id, q: list.q, page: list.page, perPage: PER_PAGE });
  const checkIn = useCheckInTicket();
  const cancel = useCancelTicket();
  const resend = useResendConfirmation();
  const download = useDownloadTicketsCsv();

  async function onCheckIn(ticket: Ticket) {
    setBusyId(ticket.id);
    try {
      await checkIn.mutateAsync(ticket.id);
      toast.success("Ingecheckt", { description: `${ticket.holder_name} (${ticket.code}) is binnen.` });
    } catch (e) {
      toast.error("Inchecken lukte niet", { description: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  }

  async function onResend(ticket: Ticket) {
    if (ticket.order_id == null) return;
    setBusyId(ticket.id);
    try {
      await resend.mutateAsync(ticket.order_id);
      toast.success("Bevestiging opnieuw verstuurd", { description: `De bevestigingsmail gaat opnieuw naar ${ticket.email}.` });
    } catch (e) {
      toast.error("Versturen lukte niet", { description: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  }

  async function confirmCancel() {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success("Ticket geannuleerd", { description: `${cancelling.holder_name} (${cancelling.code}): de plaats is weer vrij.` });
    } catch (e) {
      toast.error("Annuleren lukte niet", { description: errorMessage(e) });
    }
    setCancelling(null);
  }

  async function onDownload() {
    try {
      const filename = await download.mutateAsync(event.id);
      toast.success("CSV gedownload", { description: `${filename} staat in je downloads.` });
    } catch (e) {
      toast.error("Downloaden lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-lg font-semibold text-ink" aria-live="polite">
          {seatsTakenLabel(event.seats_taken, event.capacity)}
        </p>
        <button type="button" onClick={onDownload} disabled={download.isPending} className={adminButton("secondary")}>
          <Download aria-hidden="true" className="h-5 w-5" />
          {download.isPending ? "Bezig..." : "Download CSV"}
        </button>
      </div>

      <DataList
        list={list}
        query={tickets}
        label={`${noun} voor ${event.title}, ${formatShortDate(event.starts_at)}`}
        search={{ label: `Zoeken in ${noun.toLowerCase()}`, placeholder: "Naam, e-mail of code" }}
        noun={{ one: "ticket", other: "tickets" }}
        pagingLabel={noun.toLowerCase()}
        loadingLabel={`${noun} laden...`}
        empty={list.q ? `Niets gevonden voor ‘${list.q}’.` : `Er zijn nog geen ${noun.toLowerCase()} voor deze datum.`}
        columns={columns}
        actions={(ticket) => {
          const who = `${ticket.holder_name}, ${ticket.code}`;
          const busy = busyId === ticket.id;
          return (
            <>
              {ticket.status === "valid" ? (
                <RowButton icon={LogIn} label="Inchecken" row={who} variant="primary" disabled={busy} onClick={() => void onCheckIn(ticket)} />
              ) : null}
              {ticket.order_id != null && ticket.status !== "cancelled" ? (
                <RowButton icon={Mail} label="Bevestiging opnieuw sturen" row={who} disabled={busy} onClick={() => void onResend(ticket)} />
              ) : null}
              {ticket.status !== "cancelled" ? (
                <RowButton icon={Ban} label="Annuleren" row={who} variant="danger-quiet" disabled={busy} onClick={() => setCancelling(ticket)} />
              ) : null}
            </>
          );
        }}
      />

      <ConfirmDialog
        open={cancelling !== null}
        title="Ticket annuleren?"
        confirmLabel="Ticket annuleren"
        cancelLabel="Terug"
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        <p>
          Het ticket <strong className="font-mono text-ink">{cancelling?.code}</strong> van{" "}
          <strong className="text-ink">{cancelling?.holder_name}</strong> wordt ongeldig en de plaats komt weer vrij.
        </p>
        <p className="mt-2">Het geld wordt niet automatisch teruggestort; dat doe je bij Bestellingen.</p>
      </ConfirmDialog>
    </>
  );
}
