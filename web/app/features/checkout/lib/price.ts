// The price breakdown of a quote, in nl-BE notation ("€ 35,00", "−€ 7,00").
import type { Quote } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

const MINUS = "\u2212";

/** "−€ 7,00" */
export function formatDiscountCents(cents: number): string {
  return `${MINUS}${formatPriceCents(Math.abs(cents))}`;
}

/** "Kortingscode WELKOM10: −€ 7,00", or null when no coupon applies. */
export function couponLine(quote: Pick<Quote, "coupon" | "discount_cents">): string | null {
  if (!quote.coupon) return null;
  return `Kortingscode ${quote.coupon.code}: ${formatDiscountCents(quote.discount_cents)}`;
}

/** "waarvan 21% btw € 10,93"; no VAT at all is the coach's small-business exemption. */
export function vatLine(quote: Pick<Quote, "vat_cents" | "vat_rate_percent">): string {
  if (quote.vat_rate_percent === 0 && quote.vat_cents === 0) return "zonder btw (vrijstellingsregeling kleine ondernemingen)";
  const rate = new Intl.NumberFormat("nl-BE", { maximumFractionDigits: 2 }).format(quote.vat_rate_percent);
  return `waarvan ${rate}% btw ${formatPriceCents(quote.vat_cents)}`;
}

export interface BreakdownRow {
  key: "subtotal" | "discount" | "total";
  label: string;
  value: string;
}

/** Subtotal ("2 × € 35,00"), the discount when there is one, and the total. */
export function breakdownRows(quote: Quote): BreakdownRow[] {
  const rows: BreakdownRow[] = [
    {
      key: "subtotal",
      label:
        quote.quantity > 1
          ? `Subtotaal (${quote.quantity} × ${formatPriceCents(quote.unit_price_cents)})`
          : "Subtotaal",
      value: formatPriceCents(quote.subtotal_cents),
    },
  ];
  if (quote.discount_cents > 0) {
    rows.push({
      key: "discount",
      label: quote.coupon ? `Korting (${quote.coupon.code}, ${quote.coupon.label})` : "Korting",
      value: formatDiscountCents(quote.discount_cents),
    });
  }
  rows.push({ key: "total", label: "Totaal", value: formatPriceCents(quote.total_cents) });
  return rows;
}
