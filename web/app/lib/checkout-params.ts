// The checkout's query string: /checkout?product=slug[&event=id][&qty=n][&offer=token].

export interface CheckoutParams {
  product: string | null;
  eventId: number | null;
  quantity: number | null;
  /** The token of a waiting-list offer link: one seat held for this visitor. */
  offer: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

export function parseCheckoutParams(search: URLSearchParams): CheckoutParams {
  const product = search.get("product")?.trim().toLowerCase() ?? "";
  return {
    product: SLUG.test(product) ? product : null,
    eventId: positiveInt(search.get("event")),
    quantity: positiveInt(search.get("qty")),
    offer: TOKEN.test(search.get("offer")?.trim() ?? "") ? (search.get("offer")?.trim() ?? null) : null,
  };
}

export function checkoutHref(params: { product: string; eventId?: number | null; quantity?: number | null }): string {
  const search = new URLSearchParams({ product: params.product });
  if (params.eventId) search.set("event", String(params.eventId));
  if (params.quantity && params.quantity > 1) search.set("qty", String(params.quantity));
  return `/checkout?${search.toString()}`;
}
