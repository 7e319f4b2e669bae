import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { Pagination } from "@/components/admin/pagination";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { SearchField } from "@/components/admin/search-field";
import { errorMessage } from "@/components/form/form-errors";
import { pageCount } from "@/components/admin/pagination";
import { adminButton } from "@/components/admin/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDeleteReview } from "@/features/reviews/api/delete-review";
import { useAdminReviews } from "@/features/reviews/api/list-admin-reviews";
import { ReviewForm } from "@/features/reviews/components/review-form";
import { StarRating } from "@/features/reviews/components/star-rating";
import type { Review } from "@/lib/api-types";
import { formatShortDate } from "@/lib/format";

const PER_PAGE = 10;

type Editing = { mode: "new" } | { mode: "edit"; review: Review } | null;

/** The reviews page: search, paged list (newest first), add, edit and delete. */
export function ReviewsAdmin() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const { data, isPending, isError, error, refetch, isFetching } = useAdminReviews({ q, page, perPage: PER_PAGE });
  const remove = useDeleteReview();

  useEffect(() => setPage(1), [q]);
  // The last review of the last page was deleted: show the page before it.
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

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
        intro={<p>Ervaringen van klanten. De nieuwste staan bovenaan, en zo verschijnen ze ook op de startpagina.</p>}
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            Nieuwe review
          </button>
        }
      />

      <div className="mt-8">
        <SearchField label="Zoeken in reviews" value={search} onChange={setSearch} placeholder="Naam of tekst" />
      </div>

      <div className="mt-6" aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label="Reviews laden..." />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
            {q ? `Geen reviews gevonden voor ‘${q}’.` : "Er zijn nog geen reviews. Voeg de eerste toe met ‘Nieuwe review’."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? "1 review" : `${data.total} reviews`}
              {q ? ` gevonden voor ‘${q}’` : ""}
            </p>
            <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
              <table className="w-full min-w-[36rem] text-left">
                <caption className="sr-only">Reviews, nieuwste eerst</caption>
                <thead className="border-b border-sand bg-cream-deep text-sm">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Naam</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Score</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Review</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Datum</th>
                    <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Acties</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand">
                  {data.items.map((review) => (
                    <tr key={review.id} className="align-top">
                      <td className="px-4 py-3 font-medium">
                        <div className="flex items-center gap-3">
                          {review.avatar_url ? (
                            <img src={review.avatar_url} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
                          ) : null}
                          {review.name}
                        </div>
                      </td>
                      <td className="px-4 py-3">
                        <StarRating rating={review.rating} />
                      </td>
                      <td className="max-w-md px-4 py-3 text-ink-soft">
                        <p className="line-clamp-3">{review.text}</p>
                      </td>
                      <td className="px-4 py-3 text-sm text-ink-soft">{formatShortDate(review.created_at)}</td>
                      <td className="px-4 py-3">
                        <div className="flex flex-col items-stretch gap-2">
                          <button
                            type="button"
                            onClick={() => setEditing({ mode: "edit", review })}
                            className={adminButton("secondary", "sm")}
                          >
                            <Pencil aria-hidden="true" className="h-4 w-4" />
                            Bewerken<span className="sr-only"> (review van {review.name})</span>
                          </button>
                          <button
                            type="button"
                            onClick={() => setDeleting(review)}
                            className={adminButton("danger-quiet", "sm")}
                          >
                            <Trash2 aria-hidden="true" className="h-4 w-4" />
                            Verwijderen<span className="sr-only"> (review van {review.name})</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label="reviews" />
          </>
        )}
      </div>

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
