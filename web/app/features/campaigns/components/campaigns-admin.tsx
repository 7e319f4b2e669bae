import { ArrowLeft, FilePen, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
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
import { CampaignEditor, type InsertControl } from "@/features/campaigns/components/campaign-editor";
import { CampaignPreview } from "@/features/campaigns/components/campaign-preview";
import { CampaignProgress } from "@/features/campaigns/components/campaign-sending";
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
export function CampaignsAdmin({ insertPhoto }: { insertPhoto?: InsertControl }) {
  // The open newsletter is in the URL (?tab=nieuwsbrieven&id=12, or id=nieuw), so a reload keeps it.
  const [params, setParams] = useSearchParams();
  const open = openFromParam(params.get("id"));
  const setOpen = (next: number | "new" | null) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      q.set("tab", "nieuwsbrieven");
      if (next === null) q.delete("id");
      else q.set("id", next === "new" ? "nieuw" : String(next));
      return q;
    });
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
            <CampaignEditor campaign={null} onSaved={(c) => setOpen(c.id)} insertPhoto={insertPhoto} />
            <p className="text-ink-soft">Bewaar het concept om een testmail te sturen of het te versturen.</p>
          </>
        ) : (
          <CampaignWorkspace id={open} insertPhoto={insertPhoto} />
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

function openFromParam(value: string | null): number | "new" | null {
  if (value === "nieuw") return "new";
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** One newsletter: the editor while it is a draft, its progress and figures after. */
function CampaignWorkspace({ id, insertPhoto }: { id: number; insertPhoto?: InsertControl }) {
  const campaign = useCampaign(id);
  if (campaign.isPending) return <LoadingBlock label="Nieuwsbrief laden..." />;
  if (campaign.isError) return <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  return (
    <>
      <h2 className="text-2xl">{c.subject}</h2>
      {c.status === "draft" ? (
        <CampaignEditor key={c.id} campaign={c} onSaved={() => undefined} insertPhoto={insertPhoto} />
      ) : (
        <>
          <CampaignProgress campaign={c} />
          {/* The mail as it went out (the server's own render), headings and lists included. */}
          <CampaignPreview subject={c.subject} preheader={c.preheader} body={c.body} title="Inhoud, zoals de mail" />
        </>
      )}
    </>
  );
}
