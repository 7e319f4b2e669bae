import { useId } from "react";
import { formatCount, formatEuroWhole } from "@/features/dashboard/lib/dashboard-format";
import { formatPriceCents } from "@/lib/format";

export interface SalesPeriod {
  key: string;
  /** Under its bar ("nov.", "16 nov."). */
  short: string;
  /** In the table ("november 2026", "16 november 2026"). */
  long: string;
  total_cents: number;
  orders: number;
}

/**
 * Paid sales per period (week or month) as simple bars. The bars are only a picture; screen
 * readers get the same numbers as a (visually hidden) table. On a phone every `labelEvery`-th
 * period keeps its label, counted back from the latest.
 */
export function RevenueChart({
  title,
  span,
  periodHeader,
  periods,
  labelEvery,
}: {
  title: string;
  /** "De laatste 12 maanden". */
  span: string;
  periodHeader: string;
  periods: SalesPeriod[];
  labelEvery: number;
}) {
  const captionId = useId();
  const max = Math.max(1, ...periods.map((p) => p.total_cents));
  const total = periods.reduce((sum, p) => sum + p.total_cents, 0);
  const orders = periods.reduce((sum, p) => sum + p.orders, 0);
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-ink">
        {title}
        <span className="block text-sm font-normal text-ink-soft">
          {span}: {formatPriceCents(total)} uit{" "}
          {orders === 1 ? "1 betaalde bestelling" : `${formatCount(orders)} betaalde bestellingen`} (incl. btw).
        </span>
      </figcaption>
      <div aria-hidden="true" className="mt-4 flex h-44 items-end gap-1 border-b border-ink-soft/40 sm:gap-2">
        {periods.map((p) => (
          <div key={p.key} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            <span className="hidden text-[0.7rem] text-ink-soft sm:block">{p.total_cents > 0 ? formatEuroWhole(p.total_cents) : ""}</span>
            <div
              className="w-full rounded-t bg-gold"
              style={{ height: `${(p.total_cents / max) * 85}%`, minHeight: p.total_cents > 0 ? "4px" : "1px" }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {periods.map((p, i) => (
          <span
            key={p.key}
            className={`min-w-0 flex-1 text-center text-[0.7rem] leading-tight text-ink-soft ${(periods.length - 1 - i) % labelEvery === 0 ? "" : "invisible sm:visible"}`}
          >
            {p.short}
          </span>
        ))}
      </div>
      {/* A table ignores sr-only's 1px width; the div around it does not. */}
      <div className="sr-only">
        <table>
          <caption>{title}, incl. btw</caption>
          <thead>
            <tr>
              <th scope="col">{periodHeader}</th>
              <th scope="col">Omzet</th>
              <th scope="col">Betaalde bestellingen</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.long}</th>
                <td>{formatPriceCents(p.total_cents)}</td>
                <td>{formatCount(p.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
