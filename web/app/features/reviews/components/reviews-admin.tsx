import { Check, EyeOff, Pencil, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { Badge } from "@/components/admin/badge";
import { useDeleteReview } from "@/features/reviews/api/delete-review";
import { useAdminReviews } from "@/features/reviews/api/list-admin-reviews";
import { useSetReviewStatus } from "@/features/reviews/api/set-review-status";
import { ReviewForm, type AvatarPicker } from "@/features/reviews/components/review-form";
import { StarRating } from "@/features/reviews/components/star-rating";
import { reviewStatusLabel, reviewStatusTone } from "@/features/reviews/lib/review-labels";
import type { Review, ReviewStatus } from "@/lib/api-types";
import { formatShortDate } from "@/lib/format";
import { ResponsiveImage } from "@/components/ui/responsive-image";

const PER_PAGE = 10;

const columns: Column<Review>[] = [
  {
    header: "Naam",
    cell: (review) => (
      <span className="flex items-center gap-3">
        {review.avatar ? (
          <span className="h-8 w-8 shrink-0 overflow-hidden rounded-full">
            <ResponsiveImage image={review.avatar} sizes="32px" alt="" className="h-full w-full object-cover" />
          </span>
        ) : review.avatar_url ? (
          <img src={review.avatar_url} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
        ) : null}
        <span>
          {review.name}
          {review.participant_of ? <span className="block text-sm text-ink-soft">{review.participant_of}</span> : null}
        </span>
      </span>
    ),
  },
  {
    header: "Status",
    cell: (review) => <Badge tone={reviewStatusTone(review.status)}>{reviewStatusLabel(review.status)}</Badge>,
  },
  { header: "Score", cell: (review) => <StarRating rating={review.rating} /> },
  { header: "Review", cell: (review) => <p className="line-clamp-3 text-ink-soft">{review.text}</p>, className: "@5xl:max-w-md" },
  { header: "Datum", cell: (review) => <span className="text-sm text-ink-soft">{formatShortDate(review.created_at)}</span> },
];

type Editing = { mode: "new" } | { mode: "edit"; review: Review } | null;

/** The reviews page: search, paged list (newest first), add, edit (her own), approve, hide and delete. */
export function ReviewsAdmin({ avatarPicker }: { avatarPicker?: AvatarPicker }) {
  const list = useListState({ perPage: PER_PAGE });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const reviews = useAdminReviews({ q: list.q, page: list.page, perPage: PER_PAGE });
  const remove = useDeleteReview();
  const setStatus = useSetReviewStatus();

  async function decide(review: Review, status: ReviewStatus) {
    const hiding = status === "declined" && review.status === "approved";
    try {
      await setStatus.mutateAsync({ id: review.id, status });
      toast.success(status === "approved" ? "Review goedgekeurd" : hiding ? "Review verborgen" : "Review afgewezen", {
        description:
          status === "approved"
            ? `De review van ${review.name} staat nu op de website.`
            : hiding
              ? `De review van ${review.name} staat niet meer op de website.`
              : `De review van ${review.name} komt niet op de website.`,
      });
    } catch (e) {
      toast.error("Dat lukte niet", { description: errorMessage(e) });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Review verwijderd", { description: `De review van ${deleting.name} staat niet langer op de website.` });
      setDeleting(null);
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <PageHeader
        title="Reviews"
        intro={
          <p>
            Ervaringen van klanten. De nieuwste staan bovenaan, en zo verschijnen ze ook op de startpagina. Wat deelnemers via
            hun uitnodiging na een vertelavond of cursus schrijven, wacht op jouw goedkeuring. Het zijn hun eigen woorden: die
            keur je goed, verberg je of verwijder je, maar je bewerkt ze niet.
          </p>
        }
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            Nieuwe review
          </button>
        }
      />

      <DataList
        list={list}
        query={reviews}
        label="Reviews, nieuwste eerst"
        search={{ label: "Zoeken in reviews", placeholder: "Naam of tekst" }}
        noun={{ one: "review", other: "reviews" }}
        pagingLabel="reviews"
        loadingLabel="Reviews laden..."
        empty={
          list.q ? `Geen reviews gevonden voor ‘${list.q}’.` : "Er zijn nog geen reviews. Voeg de eerste toe met ‘Nieuwe review’."
        }
        columns={columns}
        actions={(review) => (
          <>
            {review.status !== "approved" ? (
              <RowButton
                icon={Check}
                label="Goedkeuren"
                row={`review van ${review.name}`}
                disabled={setStatus.isPending}
                onClick={() => decide(review, "approved")}
              />
            ) : null}
            {review.status === "pending" ? (
              <RowButton
                icon={X}
                label="Afwijzen"
                row={`review van ${review.name}`}
                variant="quiet"
                disabled={setStatus.isPending}
                onClick={() => decide(review, "declined")}
              />
            ) : null}
            {review.status === "approved" ? (
              <RowButton
                icon={EyeOff}
                label="Verbergen"
                row={`review van ${review.name}`}
                variant="quiet"
                disabled={setStatus.isPending}
                onClick={() => decide(review, "declined")}
              />
            ) : null}
            {/* A participant's words are hers: never rewritten under her name (the server refuses it too). */}
            {review.participant_of ? null : (
              <RowButton icon={Pencil} label="Bewerken" row={`review van ${review.name}`} onClick={() => setEditing({ mode: "edit", review })} />
            )}
            <RowButton icon={Trash2} label="Verwijderen" row={`review van ${review.name}`} variant="danger-quiet" onClick={() => setDeleting(review)} />
          </>
        )}
      />

      <AdminDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? "Review bewerken" : "Nieuwe review"}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <ReviewForm
            key={editing.mode === "edit" ? editing.review.id : "new"}
            review={editing.mode === "edit" ? editing.review : null}
            onDone={() => setEditing(null)}
            avatarPicker={avatarPicker}
          />
        ) : null}
      </AdminDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Review verwijderen?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Wil je de review van <strong className="text-ink">{deleting?.name}</strong> echt verwijderen? Ze verdwijnt
          meteen van de website. Dit kan je niet ongedaan maken.
        </p>
      </ConfirmDialog>
    </>
  );
}
