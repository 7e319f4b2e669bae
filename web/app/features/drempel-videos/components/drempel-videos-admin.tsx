import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { useDeleteDrempelVideo } from "@/features/drempel-videos/api/delete-drempel-video";
import { useAdminDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import { useMoveDrempelVideo } from "@/features/drempel-videos/api/move-drempel-video";
import { useUpdateDrempelVideo } from "@/features/drempel-videos/api/update-drempel-video";
import { DrempelVideoForm } from "@/features/drempel-videos/components/drempel-video-form";
import { drempelVideoToInput } from "@/features/drempel-videos/lib/drempel-video-validation";
import { parseVideoUrl } from "@/lib/parse-video-url";
import type { Direction, DrempelVideo } from "@/lib/api-types";

const PER_PAGE = 100;

type Editing = { mode: "new" } | { mode: "edit"; video: DrempelVideo } | null;

function providerName(url: string): string {
  const parsed = parseVideoUrl(url);
  return parsed ? (parsed.provider === "youtube" ? "YouTube" : "Vimeo") : "Onbekende link";
}

const columns: Column<DrempelVideo>[] = [
  {
    header: "Video",
    cell: (video) => (
      <div className="flex flex-wrap items-start gap-4">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-teal-soft font-serif text-lg font-semibold text-teal-dark"
        >
          {video.position}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-xl">
            <span className="sr-only">Plaats {video.position}: </span>
            {video.title}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
            {video.published ? <Badge tone="teal">Gepubliceerd</Badge> : <Badge tone="plain">Niet gepubliceerd</Badge>}
            <span>{providerName(video.video_url)}</span>
          </div>
          {video.description ? <p className="mt-2 line-clamp-2 text-ink-soft">{video.description}</p> : null}
        </div>
      </div>
    ),
  },
];

/** The threshold videos: order (Omhoog/Omlaag), publish, add, edit, delete. */
export function DrempelVideosAdmin() {
  const list = useListState({ perPage: PER_PAGE });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DrempelVideo | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [busyId, setBusyId] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const videos = useAdminDrempelVideos({ page: list.page, perPage: PER_PAGE });
  const { data } = videos;
  const move = useMoveDrempelVideo();
  const update = useUpdateDrempelVideo();
  const remove = useDeleteDrempelVideo();

  const total = data?.total ?? 0;
  const lastPosition = total;

  // Reordering moves the row in the DOM, which drops the focus: give it back to the same button.
  useEffect(() => {
    if (!focusAfterMove) return;
    moveButtons.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, data]);

  async function onMove(video: DrempelVideo, direction: Direction) {
    const atEdge = direction === "up" ? video.position <= 1 : video.position >= lastPosition;
    if (atEdge || busyId !== null) return;
    setBusyId(video.id);
    try {
      const moved = await move.mutateAsync({ id: video.id, direction });
      setAnnouncement(`‘${moved.title}’ staat nu op plaats ${moved.position} van ${total}.`);
      setFocusAfterMove(`${video.id}-${direction}`);
    } catch (e) {
      toast.error("Verplaatsen lukte niet", { description: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  }

  async function onTogglePublished(video: DrempelVideo) {
    if (busyId !== null) return;
    setBusyId(video.id);
    try {
      await update.mutateAsync({ id: video.id, input: drempelVideoToInput(video, { published: !video.published }) });
      toast.success(video.published ? "Video verborgen" : "Video gepubliceerd", {
        description: video.published
          ? `‘${video.title}’ is niet langer zichtbaar op de website.`
          : `‘${video.title}’ staat nu op de pagina Voor jezelf.`,
      });
    } catch (e) {
      toast.error("Opslaan lukte niet", { description: errorMessage(e) });
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Video verwijderd", { description: `‘${deleting.title}’ is verwijderd.` });
      setDeleting(null);
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <PageHeader
        title="Drempelvideo's"
        intro={
          <p>
            Gratis, laagdrempelige video’s op de pagina <a href="/voor-jezelf" className="text-link">Voor jezelf</a>. Ze
            verschijnen in deze volgorde; met ‘Omhoog’ en ‘Omlaag’ pas je die aan.
          </p>
        }
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            Nieuwe video
          </button>
        }
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="mt-8">
        <DataList
          list={list}
          query={videos}
          layout="cards"
          label="Drempelvideo’s in volgorde"
          pagingLabel="video’s"
          loadingLabel="Video’s laden..."
          empty="Er zijn nog geen drempelvideo’s. Voeg de eerste toe met ‘Nieuwe video’."
          columns={columns}
          actions={(video) => {
            const busy = busyId === video.id;
            return (
              <>
                {(["up", "down"] as const).map((direction) => {
                  const key = `${video.id}-${direction}`;
                  return (
                    <RowButton
                      key={direction}
                      ref={(el) => {
                        if (el) moveButtons.current.set(key, el);
                        else moveButtons.current.delete(key);
                      }}
                      icon={direction === "up" ? ArrowUp : ArrowDown}
                      label={direction === "up" ? "Omhoog" : "Omlaag"}
                      row={video.title}
                      variant="quiet"
                      aria-disabled={(direction === "up" ? video.position <= 1 : video.position >= lastPosition) || busy}
                      onClick={() => onMove(video, direction)}
                    />
                  );
                })}
                <RowButton
                  icon={video.published ? EyeOff : Eye}
                  label={video.published ? "Verbergen" : "Publiceren"}
                  row={video.title}
                  variant="quiet"
                  aria-disabled={busy}
                  onClick={() => onTogglePublished(video)}
                />
                <RowButton icon={Pencil} label="Bewerken" row={video.title} onClick={() => setEditing({ mode: "edit", video })} />
                <RowButton icon={Trash2} label="Verwijderen" row={video.title} variant="danger-quiet" onClick={() => setDeleting(video)} />
              </>
            );
          }}
        />
      </div>

      <AdminDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? "Video bewerken" : "Nieuwe video"}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <DrempelVideoForm
            key={editing.mode === "edit" ? editing.video.id : "new"}
            video={editing.mode === "edit" ? editing.video : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Video verwijderen?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Wil je <strong className="text-ink">‘{deleting?.title}’</strong> echt verwijderen? De video verdwijnt van de
          website en de andere schuiven een plaats op. Wil je ze liever even niet tonen, kies dan ‘Verbergen’.
        </p>
      </ConfirmDialog>
    </>
  );
}
