// Orders in the admin: Dutch status labels, the "needs attention" flag, providers and refunds.
import type { BadgeTone } from "@/components/admin/badge";
import type { AdminOrder, OrderFilter, OrderHistoryStatus, OrderStatus, PaymentProviderKind } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

export const ORDER_STATUSES: OrderStatus[] = ["pending", "paid", "cancelled", "expired", "failed", "refunded"];

export const ORDER_FILTERS: { value: OrderFilter | ""; label: string }[] = [
  { value: "", label: "Alle" },
  { value: "pending", label: "In afwachting" },
  { value: "paid", label: "Betaald" },
  { value: "cancelled", label: "Geannuleerd" },
  { value: "expired", label: "Verlopen" },
  { value: "failed", label: "Mislukt" },
  { value: "refunded", label: "Terugbetaald" },
  { value: "attention", label: "Actie nodig" },
];

const labels: Record<OrderStatus, string> = {
  pending: "In afwachting",
  paid: "Betaald",
  cancelled: "Geannuleerd",
  expired: "Verlopen",
  failed: "Mislukt",
  refunded: "Terugbetaald",
};

const tones: Record<OrderStatus, BadgeTone> = {
  pending: "gold",
  paid: "teal",
  cancelled: "plain",
  expired: "plain",
  failed: "red",
  refunded: "plain",
};

/** An order's status in Dutch; the history-only step "refund_needed" shows as the server names it. */
export function orderStatusLabel(status: OrderHistoryStatus): string {
  return status === "refund_needed" ? status : labels[status];
}

export function orderStatusTone(status: OrderStatus): BadgeTone {
  return tones[status];
}

export const REFUND_NEEDED = "refund_needed";

/** The warning badge's text, or null when nothing needs doing. */
export function attentionLabel(attention: AdminOrder["attention"]): string | null {
  if (!attention) return null;
  return attention === REFUND_NEEDED ? "Actie nodig: terugbetalen" : "Actie nodig";
}

/** Why the order needs the coach, in a sentence. */
export function attentionExplanation(attention: AdminOrder["attention"]): string | null {
  if (!attention) return null;
  if (attention === REFUND_NEEDED)
    return "De betaling kwam binnen nadat de reservering verlopen was, en er was geen plaats meer vrij (of de vrijgekomen plaatsen gingen naar de wachtlijst). Er werden geen tickets uitgegeven: betaal het bedrag terug. De klant kreeg daarover al een mail.";
  return "Deze bestelling vraagt je aandacht. Bekijk de geschiedenis hieronder.";
}

const providers: Record<PaymentProviderKind, string> = {
  simulated: "Simulatie",
  stripe: "Stripe",
  mollie: "Mollie",
};

export function providerLabel(provider: PaymentProviderKind): string {
  return providers[provider];
}

/** True when the provider really moves money (a refund goes through it). */
export function isRealProvider(provider: PaymentProviderKind): boolean {
  return provider === "stripe" || provider === "mollie";
}

/** Paid orders can be refunded, and so can late payments flagged for a refund. */
export function canRefund(order: Pick<AdminOrder, "status" | "attention">): boolean {
  if (order.status === "refunded") return false;
  return order.status === "paid" || order.attention === REFUND_NEEDED;
}

/** What the refund confirmation says will happen to `amountCents` of the order. */
export function refundConsequence(order: Pick<AdminOrder, "provider">, amountCents: number): string {
  const amount = formatPriceCents(amountCents);
  return isRealProvider(order.provider)
    ? `Het bedrag van ${amount} wordt via ${providerLabel(order.provider)} teruggestort.`
    : `${amount} wordt als terugbetaald gemarkeerd; er wordt geen geld verplaatst (gesimuleerde betaling).`;
}

/** "Anna Peeters". */
export function buyerName(order: Pick<AdminOrder, "first_name" | "last_name">): string {
  return `${order.first_name} ${order.last_name}`.trim();
}
