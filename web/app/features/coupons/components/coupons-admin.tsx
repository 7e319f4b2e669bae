import { Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { Badge } from "@/features/admin/components/badge";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { SearchField } from "@/features/admin/components/search-field";
import { errorMessage } from "@/features/admin/lib/form-errors";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton } from "@/features/admin/lib/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useDeleteCoupon } from "@/features/coupons/api/delete-coupon";
import { useCoupons } from "@/features/coupons/api/list-coupons";
import type { Coupon } from "@/lib/api-types";
import { CouponForm } from "@/features/coupons/components/coupon-form";
import { couponState, discountLabel, productLabel, usageLabel } from "@/features/coupons/lib/coupon-labels";
import { formatPriceCents, formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 20;

type Editing = { mode: "new" } | { mode: "edit"; coupon: Coupon } | null;

function moment(value: string | null | undefined, empty: string) {
  if (!value) return <span className="text-ink-soft">{empty}</span>;
  return (
    <>
      {formatShortDate(value)}
      <span className="block text-sm text-ink-soft">{formatTime(value)}</span>
    </>
  );
}

/** Coupons: search, paged list with usage, add, edit and delete. */
export function CouponsAdmin() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const { data, isPending, isError, error, refetch, isFetching } = useCoupons({ q, page, perPage: PER_PAGE });
  const remove = useDeleteCoupon();

  useEffect(() => setPage(1), [q]);
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Coupon verwijderd", { description: `${deleting.code} kan niet meer gebruikt worden.` });
    } catch (e) {
      // 409: the coupon was already used; the server says to make it inactive instead.
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Coupons"
        intro={
          <p>
            Kortingscodes voor de webshop. Een coupon die al gebruikt werd, kan je niet meer verwijderen: zet hem dan op
            inactief.
          </p>
        }
        actions={
          <button type="button" onClick={() => setEditing({ mode: "new" })} className={adminButton("primary")}>
            <Plus aria-hidden="true" className="h-5 w-5" />
            Nieuwe coupon
          </button>
        }
      />

      <div className="mt-8">
        <SearchField label="Zoeken op code" value={search} onChange={setSearch} placeholder="bv. ZOMER10" />
      </div>

      <div className="mt-6" aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label="Coupons laden..." />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
            {q ? `Geen coupons gevonden voor ‘${q}’.` : "Er zijn nog geen coupons. Maak er een met ‘Nieuwe coupon’."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? "1 coupon" : `${data.total} coupons`}
              {q ? ` gevonden voor ‘${q}’` : ""}
            </p>
            <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
              <table className="w-full min-w-[56rem] text-left">
                <caption className="sr-only">Coupons, nieuwste eerst</caption>
                <thead className="border-b border-sand bg-cream-deep text-sm">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Code</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Korting</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Product</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Geldig vanaf</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Geldig tot</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Gebruik</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Gegeven korting</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                    <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Acties</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand">
                  {data.items.map((coupon) => {
                    const state = couponState(coupon);
                    return (
                      <tr key={coupon.id} className="align-top">
                        <th scope="row" className="px-4 py-3 font-mono font-semibold">{coupon.code}</th>
                        <td className="whitespace-nowrap px-4 py-3">{discountLabel(coupon.discount_kind, coupon.discount_value)}</td>
                        <td className="px-4 py-3">{productLabel(coupon)}</td>
                        <td className="whitespace-nowrap px-4 py-3">{moment(coupon.valid_from, "meteen")}</td>
                        <td className="whitespace-nowrap px-4 py-3">{moment(coupon.valid_until, "geen einddatum")}</td>
                        <td className="whitespace-nowrap px-4 py-3">
                          {usageLabel(coupon.redemptions, coupon.max_redemptions)}
                          <span className="block text-sm text-ink-soft">
                            {coupon.paid_orders === 1 ? "1 betaalde bestelling" : `${coupon.paid_orders} betaalde bestellingen`}
                          </span>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">{formatPriceCents(coupon.discount_given_cents)}</td>
                        <td className="px-4 py-3">
                          <Badge tone={state.tone}>{state.label}</Badge>
                        </td>
                        <td className="px-4 py-3">
                          <div className="flex flex-col items-stretch gap-2">
                            <button
                              type="button"
                              onClick={() => setEditing({ mode: "edit", coupon })}
                              className={adminButton("secondary", "sm")}
                            >
                              <Pencil aria-hidden="true" className="h-4 w-4" />
                              Bewerken<span className="sr-only"> ({coupon.code})</span>
                            </button>
                            <button type="button" onClick={() => setDeleting(coupon)} className={adminButton("danger-quiet", "sm")}>
                              <Trash2 aria-hidden="true" className="h-4 w-4" />
                              Verwijderen<span className="sr-only"> ({coupon.code})</span>
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label="coupons" />
          </>
        )}
      </div>

      <AdminDialog
        open={editing !== null}
        title={editing?.mode === "edit" ? "Coupon bewerken" : "Nieuwe coupon"}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <CouponForm
            key={editing.mode === "edit" ? editing.coupon.id : "new"}
            coupon={editing.mode === "edit" ? editing.coupon : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>

      <ConfirmDialog open={deleting !== null} title="Coupon verwijderen?" onConfirm={confirmDelete} onCancel={() => setDeleting(null)}>
        <p>
          Wil je de coupon <strong className="font-mono text-ink">{deleting?.code}</strong> echt verwijderen?
        </p>
        {deleting && deleting.redemptions > 0 ? (
          <p className="mt-2">Deze coupon werd al gebruikt. Verwijderen kan dan niet; zet hem liever op inactief.</p>
        ) : (
          <p className="mt-2">Dit kan je niet ongedaan maken.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
