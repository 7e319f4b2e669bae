import { Download } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { FilterSelect } from "@/components/admin/filter-select";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { EmailAddress } from "@/components/ui/email-address";
import { useDownloadSubscribersCsv } from "@/features/newsletter/api/export-subscribers";
import { useSubscribers } from "@/features/newsletter/api/list-subscribers";
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
  { header: "Status", cell: (s) => <Badge tone={subscriberStatusTone(s.status)}>{subscriberStatusLabel(s.status)}</Badge> },
  {
    header: "Ingeschreven op",
    cell: (s) => `${formatShortDate(s.created_at)}, ${formatTime(s.created_at)}`,
    className: "text-sm text-ink-soft @5xl:whitespace-nowrap",
  },
];

/** Newsletter subscribers: search, filter on status, page, and download everything as CSV. */
export function SubscribersAdmin() {
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const list = useListState({ perPage: PER_PAGE, filters: [status] });
  const subscribers = useSubscribers({ q: list.q, status, page: list.page, perPage: PER_PAGE });
  const download = useDownloadSubscribersCsv();

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
      <PageHeader
        title="Nieuwsbrief"
        intro={
          <p>
            Iedereen die zich inschreef. ‘In afwachting’ wil zeggen dat de persoon de bevestigingsmail nog niet heeft
            aangeklikt.
          </p>
        }
        actions={
          <button type="button" onClick={onDownload} disabled={download.isPending} className={adminButton("primary")}>
            <Download aria-hidden="true" className="h-5 w-5" />
            {download.isPending ? "Bezig..." : "Download CSV"}
          </button>
        }
      />

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
      />
    </>
  );
}
