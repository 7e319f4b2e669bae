import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/admin/badge";
import { cardClass } from "@/components/admin/styles";
import type { AdminOrder } from "@/lib/api-types";
import { attentionLabel, buyerName, orderStatusLabel, orderStatusTone } from "@/lib/order-labels";
import { formatPriceCents, formatShortDate } from "@/lib/format";

/** Orders the coach must look at: late payments to refund, failed payments of the last 30 days. */
export function AttentionOrders({ orders }: { orders: AdminOrder[] }) {
  return (
    <section className={`${cardClass} min-w-0`} aria-labelledby="bestellingen-aandacht">
      <h2 id="bestellingen-aandacht" className="flex items-center gap-2 text-xl">
        {orders.length > 0 ? <AlertTriangle aria-hidden="true" className="h-5 w-5 text-red-800" /> : null}
        Bestellingen die aandacht vragen
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-ink-soft">Alles in orde: geen late of mislukte betalingen.</p>
      ) : (
        <ul className="mt-4 divide-y divide-sand">
          {orders.map((order) => {
            const attention = attentionLabel(order.attention);
            return (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                <div>
                  <Link to={`/admin/orders?bestelling=${order.id}`} className="text-link font-semibold">
                    {buyerName(order)}
                  </Link>
                  <p className="text-sm text-ink-soft">
                    {order.product_name}
                    {order.event_title ? ` · ${order.event_title}` : ""} · {formatPriceCents(order.total_cents)} ·{" "}
                    {formatShortDate(order.created_at)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
                  {attention ? <Badge tone="red">{attention}</Badge> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/admin/orders" className="text-link mt-4 inline-block text-sm">
        Alle bestellingen bekijken
      </Link>
    </section>
  );
}
