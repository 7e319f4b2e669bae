// The price breakdown of a quote, in nl-BE notation ("€ 35,00", "−€ 7,00").
import type { Quote } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

const MINUS = "\u2212";

/** "−€ 7,00" */
export function formatDiscountCents(cents: number): string {
  return `${MINUS}${formatPriceCents(Math.abs(cents))}`;
}

/** The VAT in a total, as its rate ("21", "5,5") and amount ("€ 10,93"); null under the small-business exemption. */
export function vatParts(quote: Pick<Quote, "vat_cents" | "vat_rate_percent">): { rate: string; amount: string } | null {
  if (quote.vat_rate_percent === 0 && quote.vat_cents === 0) return null;
  const rate = new Intl.NumberFormat("nl-BE", { maximumFractionDigits: 2 }).format(quote.vat_rate_percent);
  return { rate, amount: formatPriceCents(quote.vat_cents) };
}

export interface BreakdownRow {
  key: "subtotal" | "discount" | "total";
  /** The quote's part of the label ("2 × € 35,00", "WELKOM10, 10% korting"); its word is a block. */
  detail: string | null;
  value: string;
}

/** Subtotal (with "2 × € 35,00"), the discount when there is one, and the total. */
export function breakdownRows(quote: Quote): BreakdownRow[] {
  const rows: BreakdownRow[] = [
    {
      key: "subtotal",
      detail: quote.quantity > 1 ? `${quote.quantity} × ${formatPriceCents(quote.unit_price_cents)}` : null,
      value: formatPriceCents(quote.subtotal_cents),
    },
  ];
  if (quote.discount_cents > 0) {
    rows.push({
      key: "discount",
      detail: quote.coupon ? `${quote.coupon.code}, ${quote.coupon.label}` : null,
      value: formatDiscountCents(quote.discount_cents),
    });
  }
  rows.push({ key: "total", detail: null, value: formatPriceCents(quote.total_cents) });
  return rows;
}
