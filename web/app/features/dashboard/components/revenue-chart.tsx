import { useId } from "react";
import type { MonthlyRevenue } from "@/lib/api-types";
import { formatCount, formatEuroWhole, formatMonthLong, formatMonthShort } from "@/features/dashboard/lib/dashboard-format";
import { formatPriceCents } from "@/lib/format";

/**
 * Paid revenue per month as simple bars. The bars are only a picture; screen readers get
 * the same numbers as a (visually hidden) table.
 */
export function RevenueChart({ months }: { months: MonthlyRevenue[] }) {
  const captionId = useId();
  const max = Math.max(1, ...months.map((m) => m.total_cents));
  const total = months.reduce((sum, m) => sum + m.total_cents, 0);
  const orders = months.reduce((sum, m) => sum + m.orders, 0);
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-ink">
        Omzet per maand
        <span className="block text-sm font-normal text-ink-soft">
          De laatste {months.length} maanden: {formatPriceCents(total)} uit{" "}
          {orders === 1 ? "1 betaalde bestelling" : `${formatCount(orders)} betaalde bestellingen`} (incl. btw).
        </span>
      </figcaption>
      <div aria-hidden="true" className="mt-4 flex h-44 items-end gap-1 border-b border-ink-soft/40 sm:gap-2">
        {months.map((m) => (
          <div key={m.month} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            <span className="hidden text-[0.7rem] text-ink-soft sm:block">{m.total_cents > 0 ? formatEuroWhole(m.total_cents) : ""}</span>
            <div
              className="w-full rounded-t bg-gold"
              style={{ height: `${(m.total_cents / max) * 85}%`, minHeight: m.total_cents > 0 ? "4px" : "1px" }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {months.map((m, i) => (
          <span
            key={m.month}
            className={`min-w-0 flex-1 text-center text-[0.7rem] leading-tight text-ink-soft ${(months.length - 1 - i) % 2 === 0 ? "" : "invisible sm:visible"}`}
          >
            {formatMonthShort(m.month)}
          </span>
        ))}
      </div>
      {/* A table ignores sr-only's 1px width; the div around it does not. */}
      <div className="sr-only">
        <table>
          <caption>Omzet per maand, incl. btw</caption>
          <thead>
            <tr>
              <th scope="col">Maand</th>
              <th scope="col">Omzet</th>
              <th scope="col">Betaalde bestellingen</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonthLong(m.month)}</th>
                <td>{formatPriceCents(m.total_cents)}</td>
                <td>{formatCount(m.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
