import { Eye } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { Badge } from "@/features/admin/components/badge";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { SearchField } from "@/features/admin/components/search-field";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton, inputClass, labelClass } from "@/features/admin/lib/styles";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useOrder } from "@/features/orders/api/get-order";
import { useOrders } from "@/features/orders/api/list-orders";
import type { AdminOrder, OrderFilter } from "@/lib/api-types";
import { OrderDetail } from "@/features/orders/components/order-detail";
import {
  ORDER_FILTERS,
  attentionLabel,
  buyerName,
  orderStatusLabel,
  orderStatusTone,
} from "@/features/orders/lib/order-labels";
import { formatPriceCents, formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 20;

function isFilter(value: string | null): value is OrderFilter {
  return ORDER_FILTERS.some((f) => f.value !== "" && f.value === value);
}

/** Orders: filter on status (or "needs attention"), search, page; the detail in a dialog. */
export function OrdersAdmin() {
  // ?status=attention (from the dashboard) and ?bestelling=ID open the list that way.
  const [params, setParams] = useSearchParams();
  const initialStatus = params.get("status");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<OrderFilter | "">(isFilter(initialStatus) ? initialStatus : "");
  const [page, setPage] = useState(1);
  const openParam = Number(params.get("bestelling"));
  const [open, setOpen] = useState<{ id: number; title: string } | null>(
    Number.isSafeInteger(openParam) && openParam > 0 ? { id: openParam, title: "Bestelling" } : null,
  );
  const statusId = useId();
  const { data, isPending, isError, error, refetch, isFetching } = useOrders({ q, status, page, perPage: PER_PAGE });
  // The open order's detail (the dialog loads it too; one request): its buyer names the dialog.
  const openDetail = useOrder(open?.id ?? null);
  const dialogTitle = openDetail.data && open ? `Bestelling van ${buyerName(openDetail.data)}` : (open?.title ?? "Bestelling");

  useEffect(() => setPage(1), [q, status]);
  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

  function show(order: AdminOrder) {
    setOpen({ id: order.id, title: `Bestelling van ${buyerName(order)}` });
  }

  function close() {
    setOpen(null);
    if (params.has("bestelling")) {
      const next = new URLSearchParams(params);
      next.delete("bestelling");
      setParams(next, { replace: true });
    }
  }

  return (
    <>
      <PageHeader
        title="Bestellingen"
        intro={
          <p>
            Alle bestellingen uit de webshop, nieuwste eerst. ‘Actie nodig’ wil zeggen dat je iets moet doen, bv. een
            late betaling terugstorten omdat er geen plaats meer vrij was.
          </p>
        }
      />

      <div className="mt-8 flex flex-wrap items-end gap-4">
        <SearchField label="Zoeken op naam, e-mailadres of bestelnummer" value={search} onChange={setSearch} />
        <div className="w-full sm:w-56">
          <label htmlFor={statusId} className={labelClass}>
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderFilter | "")}
            className={inputClass}
          >
            {ORDER_FILTERS.map((f) => (
              <option key={f.value || "all"} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6" aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label="Bestellingen laden..." />
        ) : isError ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
            {q || status ? "Geen bestellingen gevonden met deze zoekopdracht." : "Er zijn nog geen bestellingen."}
          </p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
              {data.total === 1 ? "1 bestelling" : `${data.total} bestellingen`}
            </p>
            <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
              <table className="w-full min-w-[52rem] text-left">
                <caption className="sr-only">Bestellingen, nieuwste eerst</caption>
                <thead className="border-b border-sand bg-cream-deep text-sm">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">Klant</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Product</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Bedrag</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                    <th scope="col" className="px-4 py-3 font-semibold">Besteld op</th>
                    <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Acties</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand">
                  {data.items.map((order) => {
                    const attention = attentionLabel(order.attention);
                    return (
                      <tr key={order.id} className="align-top">
                        <td className="px-4 py-3">
                          <p className="font-medium">{buyerName(order)}</p>
                          <p className="break-all text-sm text-ink-soft">{order.email}</p>
                        </td>
                        <td className="px-4 py-3">
                          <p>
                            {order.quantity > 1 ? `${order.quantity} × ` : ""}
                            {order.product_name}
                          </p>
                          {order.event_title ? <p className="text-sm text-ink-soft">{order.event_title}</p> : null}
                        </td>
                        <td className="whitespace-nowrap px-4 py-3">
                          {formatPriceCents(order.total_cents)}
                          {order.coupon_code ? (
                            <span className="block text-sm text-ink-soft">
                              coupon <span className="font-mono">{order.coupon_code}</span>
                            </span>
                          ) : null}
                        </td>
                        <td className="px-4 py-3">
                          <div className="flex flex-col items-start gap-1">
                            <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
                            {attention ? <Badge tone="red">{attention}</Badge> : null}
                          </div>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 text-sm text-ink-soft">
                          {formatShortDate(order.created_at)}, {formatTime(order.created_at)}
                        </td>
                        <td className="px-4 py-3">
                          <button type="button" onClick={() => show(order)} className={adminButton("secondary", "sm")}>
                            <Eye aria-hidden="true" className="h-4 w-4" />
                            Details<span className="sr-only"> (bestelling van {buyerName(order)})</span>
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination page={page} total={data.total} perPage={PER_PAGE} onPageChange={setPage} label="bestellingen" />
          </>
        )}
      </div>

      <AdminDialog open={open !== null} title={dialogTitle} onClose={close}>
        {open ? <OrderDetail orderId={open.id} /> : null}
      </AdminDialog>
    </>
  );
}
