import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/toast";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { useDeleteCoupon } from "@/features/coupons/api/delete-coupon";
import { useCoupons } from "@/features/coupons/api/list-coupons";
import type { Coupon } from "@/lib/api-types";
import { CouponForm } from "@/features/coupons/components/coupon-form";
import { couponState, discountLabel, productLabel, usageLabel } from "@/features/coupons/lib/coupon-labels";
import { formatPriceCents, formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 20;

type Editing = { mode: "new" } | { mode: "edit"; coupon: Coupon } | null;

function moment(value: string) {
  return `${formatShortDate(value)}, ${formatTime(value)}`;
}

const columns: Column<Coupon>[] = [
  { header: "Code", cell: (coupon) => coupon.code, className: "font-mono font-semibold" },
  { header: "Korting", cell: (coupon) => discountLabel(coupon.discount_kind, coupon.discount_value), className: "@5xl:whitespace-nowrap" },
  { header: "Product", cell: productLabel },
  {
    header: "Geldig",
    cell: (coupon) => (
      <>
        <span className="block">{coupon.valid_from ? `vanaf ${moment(coupon.valid_from)}` : "meteen"}</span>
        <span className="block text-sm text-ink-soft">
          {coupon.valid_until ? `tot ${moment(coupon.valid_until)}` : "geen einddatum"}
        </span>
      </>
    ),
  },
  {
    header: "Gebruik",
    cell: (coupon) => (
      <>
        {usageLabel(coupon.redemptions, coupon.max_redemptions)}
        <span className="block text-sm text-ink-soft">
          {coupon.paid_orders === 1 ? "1 betaalde bestelling" : `${coupon.paid_orders} betaalde bestellingen`}
        </span>
      </>
    ),
  },
  { header: "Gegeven korting", cell: (coupon) => formatPriceCents(coupon.discount_given_cents), className: "@5xl:whitespace-nowrap" },
  {
    header: "Status",
    cell: (coupon) => {
      const state = couponState(coupon);
      return <Badge tone={state.tone}>{state.label}</Badge>;
    },
  },
];

/** Coupons: search, paged list with usage, add, edit and delete. */
export function CouponsAdmin() {
  // ?coupon=CODE (a link from the admin search) shows that coupon.
  const [params] = useSearchParams();
  const list = useListState({ perPage: PER_PAGE, initialSearch: params.get("coupon") ?? "" });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const coupons = useCoupons({ q: list.q, page: list.page, perPage: PER_PAGE });
  const remove = useDeleteCoupon();

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

      <DataList
        list={list}
        query={coupons}
        label="Coupons, nieuwste eerst"
        search={{ label: "Zoeken op code", placeholder: "bv. ZOMER10" }}
        noun={{ one: "coupon", other: "coupons" }}
        pagingLabel="coupons"
        loadingLabel="Coupons laden..."
        empty={list.q ? `Geen coupons gevonden voor ‘${list.q}’.` : "Er zijn nog geen coupons. Maak er een met ‘Nieuwe coupon’."}
        columns={columns}
        actions={(coupon) => (
          <>
            <RowButton icon={Pencil} label="Bewerken" row={coupon.code} onClick={() => setEditing({ mode: "edit", coupon })} />
            <RowButton icon={Trash2} label="Verwijderen" row={coupon.code} variant="danger-quiet" onClick={() => setDeleting(coupon)} />
          </>
        )}
      />

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
