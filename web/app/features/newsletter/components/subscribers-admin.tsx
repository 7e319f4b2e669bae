import { Download } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { SearchField } from "@/components/admin/search-field";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { inputClass, labelClass } from "@/components/form/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
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

/** Newsletter subscribers: search, filter on status, page, and download everything as CSV. */
export function SubscribersAdmin() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const [page, setPage] = useState(1);
  const statusId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useSubscribers({ q, status, page, perPage: PER_PAGE });
  const download = useDownloadSubscribersCsv();

  useEffect(() => setPage(1), [q, status]);

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

      <div className="mt-8 flex flex-wrap items-end gap-4">
        <SearchField label="Zoeken op naam of e-mailadres" value={search} onChange={setSearch} />
        <div className="w-full sm:w-56">
          <label htmlFor={statusId} className={labelClass}>
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value as SubscriberStatus | "")}
            className={inputClass}
          >
            <option value="">Alle</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {subscriberStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6" aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label="Abonnees laden..." />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
            {q || status ? "Niemand gevonden met deze zoekopdracht." : "Er heeft nog niemand ingeschreven."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? "1 abonnee" : `${data.total} abonnees`}
            </p>
            <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
              <table className="w-full min-w-[36rem] text-left">
                <caption className="sr-only">Abonnees van de nieuwsbrief, nieuwste eerst</caption>
                <thead className="border-b border-sand bg-cream-deep text-sm">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Voornaam</th>
                    <th scope="col" className="px-4 py-3 font-semibold">E-mailadres</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Ingeschreven op</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand">
                  {data.items.map((s) => (
                    <tr key={s.id}>
                      <td className="px-4 py-3 font-medium">{s.first_name}</td>
                      <td className="break-all px-4 py-3">{s.email}</td>
                      <td className="px-4 py-3">
                        <Badge tone={subscriberStatusTone(s.status)}>{subscriberStatusLabel(s.status)}</Badge>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-soft">
                        {formatShortDate(s.created_at)}, {formatTime(s.created_at)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label="abonnees" />
          </>
        )}
      </div>
    </>
  );
}
