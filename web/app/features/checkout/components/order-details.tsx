import type { OrderSummary } from "@/lib/api-types";
import { checkoutHref } from "@/lib/checkout-params";
import { formatDiscountCents } from "@/features/checkout/lib/price";
import { formatEventWhen } from "@/lib/availability";
import { formatPriceCents } from "@/lib/format";
import { buyerDocumentUrl } from "@/lib/invoice-files";

/** Back to a filled checkout for the same product, date and quantity. */
export function retryHref(order: Pick<OrderSummary, "product_slug" | "event" | "quantity">): string {
  return checkoutHref({ product: order.product_slug, eventId: order.event?.id ?? null, quantity: order.quantity });
}

function eventPlace(event: NonNullable<OrderSummary["event"]>): string | null {
  const place = [event.venue_name, event.city].filter(Boolean).join(", ");
  if (place) return place;
  return event.online_url ? "Online" : null;
}

/** What was ordered: product, date, quantity and amounts. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  const row = "grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4";
  const place = order.event ? eventPlace(order.event) : null;
  return (
    <dl className="divide-y divide-sand rounded-2xl border border-sand bg-paper px-6 py-2">
      <div className={row}>
        <dt className="font-medium text-ink">Product</dt>
        <dd className="text-ink-soft">{order.product_name}</dd>
      </div>
      {order.event ? (
        <div className={row}>
          <dt className="font-medium text-ink">Datum</dt>
          <dd className="text-ink-soft">
            {order.event.title !== order.product_name ? (
              <span className="block text-ink">{order.event.title}</span>
            ) : null}
            {formatEventWhen(order.event.starts_at, order.event.ends_at)}
            {place ? <span className="block">{place}</span> : null}
          </dd>
        </div>
      ) : null}
      {order.product_kind === "event" ? (
        <div className={row}>
          <dt className="font-medium text-ink">Aantal</dt>
          <dd className="text-ink-soft">{order.quantity}</dd>
        </div>
      ) : null}
      {order.discount_cents > 0 ? (
        <div className={row}>
          <dt className="font-medium text-ink">Korting</dt>
          <dd className="text-ink-soft">
            {order.coupon_code ? `${order.coupon_code}: ` : ""}
            {formatDiscountCents(order.discount_cents)}
          </dd>
        </div>
      ) : null}
      <div className={row}>
        <dt className="font-medium text-ink">Totaal</dt>
        <dd className="font-semibold text-ink">
          {formatPriceCents(order.total_cents)} <span className="text-sm font-normal text-ink-soft">incl. btw</span>
        </dd>
      </div>
      {order.invoice_number ? (
        <div className={row}>
          <dt className="font-medium text-ink">Factuur</dt>
          <dd className="space-y-1 text-ink-soft">
            <a href={buyerDocumentUrl(order.order_id, "invoice", "pdf")} download className="text-link block">
              Factuur {order.invoice_number} (pdf)
            </a>
            {order.invoice_xml ? (
              <a href={buyerDocumentUrl(order.order_id, "invoice", "xml")} download className="text-link block">
                E-factuur {order.invoice_number} (UBL, Peppol)
              </a>
            ) : null}
            {order.credit_note_number ? (
              <a href={buyerDocumentUrl(order.order_id, "credit_note", "pdf")} download className="text-link block">
                Creditnota {order.credit_note_number} (pdf)
              </a>
            ) : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
