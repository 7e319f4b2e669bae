import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { FilterSelect } from "@/components/admin/filter-select";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { EmailAddress } from "@/components/ui/email-address";
import { useDeleteSubscriber } from "@/features/newsletter/api/delete-subscriber";
import { useDownloadSubscribersCsv } from "@/features/newsletter/api/export-subscribers";
import { useSubscribers } from "@/features/newsletter/api/list-subscribers";
import { SubscriberImport } from "@/features/newsletter/components/subscriber-import";
import {
  SUBSCRIBER_STATUSES,
  subscriberStatusLabel,
  subscriberStatusTone,
} from "@/features/newsletter/lib/subscriber-labels";
import type { SubscriberStatus } from "@/lib/api-types";
import { formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 20;

const statusOptions: { value: SubscriberStatus | ""; label: string }[] = [
  { value: "", label: "Alle" },
  ...SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: subscriberStatusLabel(s) })),
];

type Subscriber = NonNullable<ReturnType<typeof useSubscribers>["data"]>["items"][number];

const columns: Column<Subscriber>[] = [
  { header: "Voornaam", cell: (s) => s.first_name },
  { header: "E-mailadres", cell: (s) => <EmailAddress email={s.email} /> },
  {
    header: "Status",
    cell: (s) => (
      <>
        <Badge tone={subscriberStatusTone(s.status)}>{subscriberStatusLabel(s.status)}</Badge>
        {s.imported_at ? <span className="block text-sm text-ink-soft">Geïmporteerd op {formatShortDate(s.imported_at)}</span> : null}
      </>
    ),
  },
  {
    header: "Ingeschreven op",
    cell: (s) => `${formatShortDate(s.created_at)}, ${formatTime(s.created_at)}`,
    className: "text-sm text-ink-soft @5xl:whitespace-nowrap",
  },
];

/** Newsletter subscribers (a tab of Beheer > Nieuwsbrief): search (also from a link, `?q=`), filter on status, page, delete one, and download everything as CSV. */
export function SubscribersAdmin() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const list = useListState({ perPage: PER_PAGE, filters: [status], initialSearch: params.get("q") ?? "" });
  const subscribers = useSubscribers({ q: list.q, status, page: list.page, perPage: PER_PAGE });
  const download = useDownloadSubscribersCsv();
  const remove = useDeleteSubscriber();
  const [deleting, setDeleting] = useState<Subscriber | null>(null);

  async function onDelete(subscriber: Subscriber) {
    try {
      await remove.mutateAsync(subscriber.id);
      toast.success("Abonnee verwijderd", { description: `${subscriber.email} krijgt de nieuwsbrief niet meer.` });
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    } finally {
      setDeleting(null);
    }
  }

  async function onDownload() {
    try {
      const filename = await download.mutateAsync();
      toast.success("CSV gedownload", { description: `${filename} staat in je downloads.` });
    } catch (e) {
      toast.error("Downloaden lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-ink-soft">
          Iedereen die zich inschreef. ‘In afwachting’ wil zeggen dat de persoon de bevestigingsmail nog niet heeft
          aangeklikt.
        </p>
        <div className="flex flex-wrap gap-3">
          <SubscriberImport />
          <button type="button" onClick={onDownload} disabled={download.isPending} className={adminButton("primary")}>
            <Download aria-hidden="true" className="h-5 w-5" />
            {download.isPending ? "Bezig..." : "Download CSV"}
          </button>
        </div>
      </div>

      <DataList
        list={list}
        query={subscribers}
        label="Abonnees van de nieuwsbrief, nieuwste eerst"
        search={{ label: "Zoeken op naam of e-mailadres" }}
        filters={<FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />}
        noun={{ one: "abonnee", other: "abonnees" }}
        pagingLabel="abonnees"
        loadingLabel="Abonnees laden..."
        empty={list.q || status ? "Niemand gevonden met deze zoekopdracht." : "Er heeft nog niemand ingeschreven."}
        columns={columns}
        actions={(s) => (
          <RowButton icon={Trash2} label="Verwijderen" row={s.email} variant="danger-quiet" onClick={() => setDeleting(s)} />
        )}
      />

      <ConfirmDialog
        open={deleting !== null}
        title="Abonnee verwijderen?"
        onConfirm={() => (deleting ? onDelete(deleting) : undefined)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          <strong className="text-ink wrap-break-word">{deleting?.email}</strong> verdwijnt uit de lijst en krijgt de
          nieuwsbrief niet meer. Wil je alles over deze persoon wissen, gebruik dan Personen.
        </p>
      </ConfirmDialog>
    </>
  );
}
