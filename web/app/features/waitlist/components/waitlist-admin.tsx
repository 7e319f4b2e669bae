import { UserMinus } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DataTable, type Column } from "@/components/admin/data-list";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { RowButton } from "@/components/admin/row-button";
import { errorMessage } from "@/components/form/form-errors";
import { EmailAddress } from "@/components/ui/email-address";
import { toast } from "@/components/ui/toast";
import { useWaitlist } from "@/features/waitlist/api/list-waitlist";
import { useRemoveFromWaitlist } from "@/features/waitlist/api/remove-from-waitlist";
import type { AdminEvent, WaitlistEntry, WaitlistStatus } from "@/lib/api-types";
import { formatShortDate, formatTime } from "@/lib/format";

const STATUS: Record<WaitlistStatus, { label: string; tone: BadgeTone }> = {
  waiting: { label: "Wacht", tone: "plain" },
  offered: { label: "Uitgenodigd", tone: "gold" },
  claimed: { label: "Heeft besteld", tone: "teal" },
  expired: { label: "Verlopen", tone: "plain" },
  removed: { label: "Verwijderd", tone: "plain" },
};

const when = (at: string) => `${formatShortDate(at)}, ${formatTime(at)}`;

const columns: Column<WaitlistEntry>[] = [
  { header: "Plaats", cell: (e) => (e.position != null ? `${e.position}` : "—"), className: "font-semibold" },
  {
    header: "Naam",
    cell: (e) => (
      <>
        <p className="font-medium">{e.name}</p>
        <p className="text-sm text-ink-soft">
          <EmailAddress email={e.email} />
        </p>
      </>
    ),
  },
  { header: "Status", cell: (e) => <Badge tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Badge> },
  {
    header: "Uitnodiging geldig tot",
    cell: (e) => (e.offered_until && e.status === "offered" ? when(e.offered_until) : "—"),
    className: "text-sm @5xl:whitespace-nowrap",
  },
  { header: "Ingeschreven", cell: (e) => when(e.joined_at), className: "text-sm text-ink-soft @5xl:whitespace-nowrap" },
];

/** One event's waiting list: who is in line, who holds a seat until when; remove someone. */
export function WaitlistAdmin({ event }: { event: AdminEvent }) {
  const waitlist = useWaitlist(event.id);
  const remove = useRemoveFromWaitlist();
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Van de wachtlijst gehaald", {
        description:
          removing.status === "offered"
            ? `${removing.name} staat niet meer op de lijst; de vastgehouden plaats gaat naar de volgende.`
            : `${removing.name} staat niet meer op de lijst.`,
      });
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
    setRemoving(null);
  }

  return (
    <section aria-labelledby={`wachtlijst-${event.id}`} className="mt-10">
      <h3 id={`wachtlijst-${event.id}`} className="text-xl">
        Wachtlijst
      </h3>
      <p className="mt-1 text-ink-soft">
        Komt er een plaats vrij, dan krijgt de eerste in de rij een e-mail met een persoonlijke link die de plaats enkele
        uren vasthoudt.
      </p>
      <div className="mt-4">
        {waitlist.isPending ? (
          <LoadingBlock label="Wachtlijst laden..." />
        ) : waitlist.isError ? (
          <LoadError error={waitlist.error} onRetry={() => void waitlist.refetch()} />
        ) : waitlist.data.entries.length === 0 ? (
          <p className="text-ink-soft">Er staat niemand op de wachtlijst.</p>
        ) : (
          <DataTable
            items={waitlist.data.entries}
            label={`Wachtlijst voor ${event.title}`}
            columns={columns}
            actions={(entry) =>
              entry.status === "waiting" || entry.status === "offered" ? (
                <RowButton icon={UserMinus} label="Verwijderen" row={entry.name} variant="danger-quiet" onClick={() => setRemoving(entry)} />
              ) : null
            }
          />
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Van de wachtlijst halen?"
        confirmLabel="Verwijderen"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.name} krijgt geen uitnodiging meer voor deze datum.
          {removing?.status === "offered" ? " De plaats die nu voor hem of haar wordt vastgehouden, gaat naar de volgende." : ""}
        </p>
      </ConfirmDialog>
    </section>
  );
}
