import { Ban, Download, LogIn, Mail } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "@/features/admin/components/badge";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { SearchField } from "@/features/admin/components/search-field";
import { errorMessage } from "@/features/admin/lib/form-errors";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton } from "@/features/admin/lib/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { eventKindCopy } from "@/features/events/lib/event-labels";
import { useResendConfirmation } from "@/features/orders/api/resend-confirmation";
import { useCancelTicket } from "@/features/tickets/api/cancel-ticket";
import { useCheckInTicket } from "@/features/tickets/api/check-in";
import { useDownloadTicketsCsv } from "@/features/tickets/api/export-tickets";
import { useTickets } from "@/features/tickets/api/list-tickets";
import type { Ticket } from "@/lib/api-types";
import { seatsTakenLabel, ticketStatusLabel, ticketStatusTone } from "@/features/tickets/lib/ticket-labels";
import type { AdminEvent } from "@/lib/api-types";
import { formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 25;

/** One event's tickets (or bookings): search, check in, resend the confirmation, cancel, CSV. */
export function TicketsList({ event }: { event: AdminEvent }) {
  const noun = eventKindCopy(event.kind).attendees; // "Tickets" or "Boekingen"
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Ticket | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const { data, isPending, isError, error, refetch, isFetching } = useTickets({ eventId: event.id, q, page, perPage: PER_PAGE });
  const checkIn = useCheckInTicket();
  const cancel = useCancelTicket();
  const resend = useResendConfirmation();
  const download = useDownloadTicketsCsv();

  useEffect(() => setPage(1), [q, event.id]);
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

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

      <div className="mt-5">
        <SearchField label={`Zoeken in ${noun.toLowerCase()}`} value={search} onChange={setSearch} placeholder="Naam, e-mail of code" />
      </div>

      <div className="mt-5" aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label={`${noun} laden...`} />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-cream p-6 text-ink-soft">
            {q ? `Niets gevonden voor ‘${q}’.` : `Er zijn nog geen ${noun.toLowerCase()} voor deze datum.`}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? "1 ticket" : `${data.total} tickets`}
              {q ? ` gevonden voor ‘${q}’` : ""}
            </p>
            <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
              <table className="w-full min-w-[44rem] text-left">
                <caption className="sr-only">
                  {noun} voor {event.title}, {formatShortDate(event.starts_at)}
                </caption>
                <thead className="border-b border-sand bg-cream-deep text-sm">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Code</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Naam</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Uitgegeven</th>
                    <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Acties</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand">
                  {data.items.map((ticket) => {
                    const who = `${ticket.holder_name}, ${ticket.code}`;
                    const busy = busyId === ticket.id;
                    return (
                      <tr key={ticket.id} className="align-top">
                        <th scope="row" className="whitespace-nowrap px-4 py-3 font-mono font-semibold">
                          {ticket.code}
                        </th>
                        <td className="px-4 py-3">
                          <p className="font-medium">{ticket.holder_name}</p>
                          <p className="break-all text-sm text-ink-soft">{ticket.email}</p>
                          {ticket.order_id != null ? (
                            <Link to={`/admin/orders?bestelling=${ticket.order_id}`} className="text-link text-sm">
                              Bestelling bekijken<span className="sr-only"> ({who})</span>
                            </Link>
                          ) : (
                            <p className="text-sm text-ink-soft">Gratis inschrijving</p>
                          )}
                        </td>
                        <td className="px-4 py-3">
                          <Badge tone={ticketStatusTone(ticket.status)}>{ticketStatusLabel(ticket.status)}</Badge>
                          {ticket.checked_in_at ? (
                            <span className="mt-1 block text-sm text-ink-soft">om {formatTime(ticket.checked_in_at)}</span>
                          ) : null}
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-soft">
                          {formatShortDate(ticket.created_at)}, {formatTime(ticket.created_at)}
                        </td>
                        <td className="px-4 py-3">
                          <div className="flex flex-col items-stretch gap-2">
                            {ticket.status === "valid" ? (
                              <button
                                type="button"
                                onClick={() => void onCheckIn(ticket)}
                                disabled={busy}
                                className={adminButton("primary", "sm")}
                              >
                                <LogIn aria-hidden="true" className="h-4 w-4" />
                                Inchecken<span className="sr-only"> ({who})</span>
                              </button>
                            ) : null}
                            {ticket.order_id != null && ticket.status !== "cancelled" ? (
                              <button
                                type="button"
                                onClick={() => void onResend(ticket)}
                                disabled={busy}
                                className={adminButton("secondary", "sm")}
                              >
                                <Mail aria-hidden="true" className="h-4 w-4" />
                                Bevestiging opnieuw sturen<span className="sr-only"> ({who})</span>
                              </button>
                            ) : null}
                            {ticket.status !== "cancelled" ? (
                              <button
                                type="button"
                                onClick={() => setCancelling(ticket)}
                                disabled={busy}
                                className={adminButton("danger-quiet", "sm")}
                              >
                                <Ban aria-hidden="true" className="h-4 w-4" />
                                Annuleren<span className="sr-only"> ({who})</span>
                              </button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label={noun.toLowerCase()} />
          </>
        )}
      </div>

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
