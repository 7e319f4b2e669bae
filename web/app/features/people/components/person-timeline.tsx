import { Download, Trash2, X } from "lucide-react";
import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useDownloadPersonExport } from "@/features/people/api/export-person";
import { usePersonTimeline } from "@/features/people/api/get-timeline";
import { recordKindLabel } from "@/features/people/lib/record-labels";
import type { ExportFormat, TimelineEntry } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

interface PersonTimelineProps {
  email: string;
  onClose: () => void;
  onErase: () => void;
}

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <li className="relative border-l-2 border-sand pb-5 pl-5 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 -left-[7px] h-3 w-3 rounded-full bg-teal" />
      <p className="flex flex-wrap items-center gap-2 text-sm text-ink-soft">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        <Badge tone="teal">{recordKindLabel(entry.kind)}</Badge>
        {entry.status ? <Badge>{entry.status}</Badge> : null}
      </p>
      <p className="mt-1 font-medium text-ink wrap-break-word">{entry.title}</p>
      {entry.detail ? <p className="text-ink-soft wrap-break-word">{entry.detail}</p> : null}
      {entry.link ? (
        <Link to={entry.link} className="text-link text-sm">
          Openen in het beheer<span className="sr-only"> ({entry.title})</span>
        </Link>
      ) : null}
    </li>
  );
}

/** One person's records across the site, newest first, with the export and the erase button. */
export function PersonTimeline({ email, onClose, onErase }: PersonTimelineProps) {
  const timeline = usePersonTimeline(email);
  const download = useDownloadPersonExport();
  const entries = timeline.data?.entries ?? [];

  async function onDownload(format: ExportFormat) {
    try {
      const filename = await download.mutateAsync({ email, format });
      toast.success("Export gedownload", { description: `${filename} staat in je downloads.` });
    } catch (e) {
      toast.error("Downloaden lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <section aria-labelledby="person-title" className={`${cardClass} mt-8`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="person-title" className="min-w-0 text-2xl wrap-anywhere">
          Gegevens van {email}
        </h2>
        <button type="button" onClick={onClose} className={adminButton("quiet", "sm")}>
          <X aria-hidden="true" className="h-4 w-4" />
          Sluiten
        </button>
      </div>

      {timeline.isPending ? (
        <LoadingBlock label="Tijdlijn laden..." />
      ) : timeline.isError ? (
        <LoadError error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : entries.length === 0 ? (
        <p className="mt-4 text-ink-soft">Er zijn geen gegevens (meer) over dit e-mailadres.</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" onClick={() => void onDownload("json")} disabled={download.isPending} className={adminButton("secondary")}>
              <Download aria-hidden="true" className="h-5 w-5" />
              Download JSON
            </button>
            <button type="button" onClick={() => void onDownload("html")} disabled={download.isPending} className={adminButton("secondary")}>
              <Download aria-hidden="true" className="h-5 w-5" />
              Download leesbare versie
            </button>
            <button type="button" onClick={onErase} disabled={timeline.data?.is_admin} className={adminButton("danger")}>
              <Trash2 aria-hidden="true" className="h-5 w-5" />
              Gegevens wissen
            </button>
          </div>
          {timeline.data?.is_admin ? (
            <p className="mt-2 text-sm text-ink-soft">
              Dit adres hoort bij een account voor het beheer. Verwijder eerst dat account bij Accounts.
            </p>
          ) : null}
          <h3 className="mt-6 text-lg font-semibold">Tijdlijn, nieuwste eerst</h3>
          <ol aria-label={`Tijdlijn van ${email}`} className="mt-3 ml-1.5">
            {entries.map((entry) => (
              <Entry key={`${entry.kind}-${entry.id}`} entry={entry} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
