import { Later, type LaterBlock } from "@/components/ui/block";
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

/** The words of what was ordered, on both payment result pages: shown after the order's answer. */
export const orderDetailsTexts = {
  product: { name: "shared.order.product", text: "Product" },
  date: { name: "shared.order.date", text: "Datum" },
  online: { name: "shared.order.online", text: "Online" },
  quantity: { name: "shared.order.quantity", text: "Aantal" },
  discount: { name: "shared.order.discount", text: "Korting" },
  total: { name: "shared.order.total", text: "Totaal" },
  inclVat: { name: "shared.order.incl-vat", text: "incl. btw" },
  invoice: { name: "shared.order.invoice", text: "Factuur" },
  invoiceLink: { name: "shared.order.invoice-link", text: "Factuur", label: true },
  pdf: { name: "shared.order.pdf", text: "(pdf)", label: true },
  eInvoice: { name: "shared.order.e-invoice", text: "E-factuur", label: true },
  peppol: { name: "shared.order.peppol", text: "(UBL, Peppol)", label: true },
  creditNote: { name: "shared.order.credit-note", text: "Creditnota", label: true },
} satisfies Record<string, LaterBlock>;

const t = orderDetailsTexts;

/** What was ordered: product, date, quantity and amounts. Words are blocks; the order's data is marked as such. */
export function OrderDetails({ order }: { order: OrderSummary }) {
  const row = "grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4";
  const event = order.event;
  const place = event ? [event.venue_name, event.city].filter(Boolean).join(", ") : "";
  return (
    <dl className="divide-y divide-sand rounded-2xl border border-sand bg-paper px-6 py-2">
      <div className={row}>
        <dt className="font-medium text-ink">
          <Later block={t.product} />
        </dt>
        <dd data-from="order" className="text-ink-soft">
          {order.product_name}
        </dd>
      </div>
      {event ? (
        <div className={row}>
          <dt className="font-medium text-ink">
            <Later block={t.date} />
          </dt>
          <dd className="text-ink-soft">
            <span data-from="order">
              {event.title !== order.product_name ? <span className="block text-ink">{event.title}</span> : null}
              {formatEventWhen(event.starts_at, event.ends_at)}
              {place ? <span className="block">{place}</span> : null}
            </span>
            {!place && event.online_url ? <Later block={t.online} className="block" /> : null}
          </dd>
        </div>
      ) : null}
      {order.product_kind === "event" ? (
        <div className={row}>
          <dt className="font-medium text-ink">
            <Later block={t.quantity} />
          </dt>
          <dd className="text-ink-soft">{order.quantity}</dd>
        </div>
      ) : null}
      {order.discount_cents > 0 ? (
        <div className={row}>
          <dt className="font-medium text-ink">
            <Later block={t.discount} />
          </dt>
          <dd data-from="order" className="text-ink-soft">
            {order.coupon_code ? `${order.coupon_code}: ` : ""}
            {formatDiscountCents(order.discount_cents)}
          </dd>
        </div>
      ) : null}
      <div className={row}>
        <dt className="font-medium text-ink">
          <Later block={t.total} />
        </dt>
        <dd className="font-semibold text-ink">
          {formatPriceCents(order.total_cents)} <Later block={t.inclVat} className="text-sm font-normal text-ink-soft" />
        </dd>
      </div>
      {order.invoice_number ? (
        <div className={row}>
          <dt className="font-medium text-ink">
            <Later block={t.invoice} />
          </dt>
          <dd className="space-y-1 text-ink-soft">
            <a href={buyerDocumentUrl(order.order_id, "invoice", "pdf")} download className="text-link block">
              <Later block={t.invoiceLink} /> <span data-from="order">{order.invoice_number}</span> <Later block={t.pdf} />
            </a>
            {order.invoice_xml ? (
              <a href={buyerDocumentUrl(order.order_id, "invoice", "xml")} download className="text-link block">
                <Later block={t.eInvoice} /> <span data-from="order">{order.invoice_number}</span> <Later block={t.peppol} />
              </a>
            ) : null}
            {order.credit_note_number ? (
              <a href={buyerDocumentUrl(order.order_id, "credit_note", "pdf")} download className="text-link block">
                <Later block={t.creditNote} /> <span data-from="order">{order.credit_note_number}</span> <Later block={t.pdf} />
              </a>
            ) : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
