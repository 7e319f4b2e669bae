import type { Quote } from "@/lib/api-types";
import { breakdownRows, vatLine } from "@/features/checkout/lib/price";

/** Subtotal, discount, total and the VAT in it; updated as the quote changes. */
export function PriceBreakdown({ quote, updating }: { quote: Quote; updating: boolean }) {
  const rows = breakdownRows(quote);
  return (
    <div aria-busy={updating} className={updating ? "opacity-70 transition-opacity" : "transition-opacity"}>
      <dl className="divide-y divide-sand">
        {rows.map((row) => (
          <div
            key={row.key}
            className={`flex items-baseline justify-between gap-4 py-2 ${row.key === "total" ? "text-lg font-semibold text-ink" : "text-ink-soft"}`}
          >
            <dt>{row.label}</dt>
            <dd className="whitespace-nowrap" data-testid={`prijs-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-right text-sm text-ink-soft">{vatLine(quote)}</p>
    </div>
  );
}
