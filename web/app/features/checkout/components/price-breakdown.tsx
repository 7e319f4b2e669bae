import { Later } from "@/components/ui/block";
import type { Quote } from "@/lib/api-types";
import { summaryTexts as t } from "@/features/checkout/lib/checkout-texts";
import { breakdownRows, vatParts } from "@/features/checkout/lib/price";

/** Subtotal, discount, total and the VAT in it; updated as the quote changes. Words are blocks, numbers the quote's. */
export function PriceBreakdown({ quote, updating }: { quote: Quote; updating: boolean }) {
  const rows = breakdownRows(quote);
  const vat = vatParts(quote);
  return (
    <div aria-busy={updating} className={updating ? "opacity-70 transition-opacity" : "transition-opacity"}>
      <dl className="divide-y divide-sand">
        {rows.map((row) => (
          <div
            key={row.key}
            className={`flex items-baseline justify-between gap-4 py-2 ${row.key === "total" ? "text-lg font-semibold text-ink" : "text-ink-soft"}`}
          >
            <dt>
              <Later block={t[row.key]} />
              {row.detail ? <span data-from="quote"> ({row.detail})</span> : null}
            </dt>
            <dd className="whitespace-nowrap" data-testid={`prijs-${row.key}`} data-from="quote">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-right text-sm text-ink-soft">
        {vat ? (
          <>
            <Later block={t.vatOf} /> <span data-from="quote">{vat.rate}%</span> <Later block={t.vat} />{" "}
            <span data-from="quote">{vat.amount}</span>
          </>
        ) : (
          <Later block={t.vatExempt} />
        )}
      </p>
    </div>
  );
}
