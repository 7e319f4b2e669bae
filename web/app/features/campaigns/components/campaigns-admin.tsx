import { ArrowLeft, FilePen, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { RowButton } from "@/components/admin/row-button";
import { adminButton } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useDeleteCampaign } from "@/features/campaigns/api/delete-campaign";
import { useCampaign } from "@/features/campaigns/api/get-campaign";
import { useCampaigns } from "@/features/campaigns/api/list-campaigns";
import { CampaignEditor } from "@/features/campaigns/components/campaign-editor";
import { CampaignProgress, CampaignSendPanel } from "@/features/campaigns/components/campaign-sending";
import { audienceLabel, campaignStatusLabel, campaignStatusTone } from "@/features/campaigns/lib/campaign-labels";
import type { Campaign } from "@/lib/api-types";
import { formatShortDate } from "@/lib/format";

const PER_PAGE = 20;

const columns: Column<Campaign>[] = [
  { header: "Onderwerp", cell: (c) => c.subject },
  { header: "Status", cell: (c) => <Badge tone={campaignStatusTone(c.status)}>{campaignStatusLabel(c.status)}</Badge> },
  { header: "Naar", cell: (c) => audienceLabel(c.audience) },
  {
    header: "Verstuurd",
    cell: (c) => (c.figures.total > 0 ? `${c.figures.sent} van ${c.figures.total}` : "—"),
    className: "@5xl:whitespace-nowrap",
  },
  {
    header: "Mislukt / uitgeschreven",
    cell: (c) => (c.figures.total > 0 ? `${c.figures.failed} / ${c.figures.unsubscribed_after}` : "—"),
  },
  {
    header: "Datum",
    cell: (c) => formatShortDate(c.started_at ?? c.scheduled_at ?? c.created_at),
    className: "text-sm text-ink-soft @5xl:whitespace-nowrap",
  },
];

/** Newsletters: the archive of sent ones with their figures, drafts to write on, and one open at a time. */
export function CampaignsAdmin() {
  const [open, setOpen] = useState<number | "new" | null>(null);
  const list = useListState({ perPage: PER_PAGE });
  const campaigns = useCampaigns({ q: list.q, page: list.page, perPage: PER_PAGE });
  const remove = useDeleteCampaign();
  const [deleting, setDeleting] = useState<Campaign | null>(null);

  if (open !== null) {
    return (
      <div className="grid gap-6">
        <div>
          <button type="button" onClick={() => setOpen(null)} className={adminButton("quiet", "sm")}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Alle nieuwsbrieven
          </button>
        </div>
        {open === "new" ? (
          <>
            <h2 className="text-2xl">Nieuwe nieuwsbrief</h2>
            <CampaignEditor campaign={null} onSaved={(c) => setOpen(c.id)} />
          </>
        ) : (
          <CampaignWorkspace id={open} />
        )}
      </div>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-ink-soft">
          Schrijf een nieuwsbrief, stuur jezelf een test en verstuur hem meteen of op een gekozen moment. Verstuurde
          nieuwsbrieven kun je publiceren in het archief op de website.
        </p>
        <button type="button" onClick={() => setOpen("new")} className={adminButton("primary")}>
          <Plus aria-hidden="true" className="h-5 w-5" />
          Nieuwe nieuwsbrief
        </button>
      </div>
      <DataList
        list={list}
        query={campaigns}
        label="Nieuwsbrieven, nieuwste eerst"
        search={{ label: "Zoeken op onderwerp" }}
        noun={{ one: "nieuwsbrief", other: "nieuwsbrieven" }}
        pagingLabel="nieuwsbrieven"
        loadingLabel="Nieuwsbrieven laden..."
        empty={list.q ? "Geen nieuwsbrief gevonden met deze zoekopdracht." : "Je schreef nog geen nieuwsbrief."}
        columns={columns}
        actions={(c) => (
          <>
            <RowButton icon={FilePen} label="Openen" row={c.subject} onClick={() => setOpen(c.id)} />
            {c.status === "draft" ? (
              <RowButton icon={Trash2} label="Verwijderen" row={c.subject} variant="danger-quiet" onClick={() => setDeleting(c)} />
            ) : null}
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Concept verwijderen?"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success("Concept verwijderd");
          } catch (e) {
            toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
          }
          setDeleting(null);
        }}
      >
        <p>‘{deleting?.subject}’ wordt definitief verwijderd.</p>
      </ConfirmDialog>
    </>
  );
}

/** One newsletter: the editor while it is a draft, its progress and figures after. */
function CampaignWorkspace({ id }: { id: number }) {
  const campaign = useCampaign(id);
  if (campaign.isPending) return <LoadingBlock label="Nieuwsbrief laden..." />;
  if (campaign.isError) return <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  return (
    <>
      <h2 className="text-2xl">{c.subject}</h2>
      {c.status === "draft" ? (
        <>
          <CampaignEditor key={c.updated_at} campaign={c} onSaved={() => void campaign.refetch()} />
          <CampaignSendPanel campaign={c} />
        </>
      ) : (
        <>
          <CampaignProgress campaign={c} />
          <section aria-labelledby="campaign-content-title" className="grid gap-3">
            <h3 id="campaign-content-title" className="text-xl">
              Inhoud
            </h3>
            <div className="rounded-2xl border border-sand bg-paper p-5" dangerouslySetInnerHTML={{ __html: c.body_html }} />
          </section>
        </>
      )}
    </>
  );
}
