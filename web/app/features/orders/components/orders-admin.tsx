import { Eye } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { FilterSelect } from "@/components/admin/filter-select";
import { EmailAddress } from "@/components/ui/email-address";
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
} from "@/lib/order-labels";
import { formatPriceCents, formatShortDate, formatTime } from "@/lib/format";

const PER_PAGE = 20;

function isFilter(value: string | null): value is OrderFilter {
  return ORDER_FILTERS.some((f) => f.value !== "" && f.value === value);
}

const columns: Column<AdminOrder>[] = [
  {
    header: "Klant",
    cell: (order) => (
      <>
        <span className="block">{buyerName(order)}</span>
        <span className="block text-sm font-normal text-ink-soft">
          <EmailAddress email={order.email} />
        </span>
      </>
    ),
  },
  {
    header: "Product",
    cell: (order) => (
      <>
        <p>
          {order.quantity > 1 ? `${order.quantity} × ` : ""}
          {order.product_name}
        </p>
        {order.event_title ? <p className="text-sm text-ink-soft">{order.event_title}</p> : null}
      </>
    ),
  },
  {
    header: "Bedrag",
    cell: (order) => (
      <>
        {formatPriceCents(order.total_cents)}
        {order.coupon_code ? (
          <span className="block text-sm text-ink-soft">
            coupon <span className="font-mono">{order.coupon_code}</span>
          </span>
        ) : null}
      </>
    ),
    className: "@5xl:whitespace-nowrap",
  },
  {
    header: "Status",
    cell: (order) => {
      const attention = attentionLabel(order.attention);
      return (
        <div className="flex flex-wrap items-start gap-1 @5xl:flex-col">
          <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
          {attention ? <Badge tone="red">{attention}</Badge> : null}
        </div>
      );
    },
  },
  {
    header: "Besteld op",
    cell: (order) => `${formatShortDate(order.created_at)}, ${formatTime(order.created_at)}`,
    className: "text-sm text-ink-soft @5xl:whitespace-nowrap",
  },
];

/** Orders: filter on status (or "needs attention"), search, page; the detail in a dialog. */
export function OrdersAdmin() {
  // ?status=attention (from the dashboard) and ?bestelling=ID open the list that way.
  const [params, setParams] = useSearchParams();
  const initialStatus = params.get("status");
  const [status, setStatus] = useState<OrderFilter | "">(isFilter(initialStatus) ? initialStatus : "");
  const list = useListState({ perPage: PER_PAGE, filters: [status] });
  const openParam = Number(params.get("bestelling"));
  const [open, setOpen] = useState<{ id: number; title: string } | null>(
    Number.isSafeInteger(openParam) && openParam > 0 ? { id: openParam, title: "Bestelling" } : null,
  );
  // A link followed while the page is open (the admin search) opens its order too.
  useEffect(() => {
    if (Number.isSafeInteger(openParam) && openParam > 0) setOpen({ id: openParam, title: "Bestelling" });
  }, [openParam]);
  const orders = useOrders({ q: list.q, status, page: list.page, perPage: PER_PAGE });
  // The open order's detail (the dialog loads it too; one request): its buyer names the dialog.
  const openDetail = useOrder(open?.id ?? null);
  const dialogTitle = openDetail.data && open ? `Bestelling van ${buyerName(openDetail.data)}` : (open?.title ?? "Bestelling");

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

      <DataList
        list={list}
        query={orders}
        label="Bestellingen, nieuwste eerst"
        search={{ label: "Zoeken op naam, e-mailadres of bestelnummer" }}
        filters={<FilterSelect label="Status" value={status} options={ORDER_FILTERS} onChange={setStatus} />}
        noun={{ one: "bestelling", other: "bestellingen" }}
        pagingLabel="bestellingen"
        loadingLabel="Bestellingen laden..."
        empty={list.q || status ? "Geen bestellingen gevonden met deze zoekopdracht." : "Er zijn nog geen bestellingen."}
        columns={columns}
        actions={(order) => (
          <RowButton icon={Eye} label="Details" row={`bestelling van ${buyerName(order)}`} onClick={() => show(order)} />
        )}
      />

      <AdminDialog open={open !== null} title={dialogTitle} onClose={close}>
        {open ? <OrderDetail orderId={open.id} /> : null}
      </AdminDialog>
    </>
  );
}
