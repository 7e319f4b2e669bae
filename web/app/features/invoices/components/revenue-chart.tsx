import { useId } from "react";
import { MONTHS } from "@/features/invoices/lib/periods";
import type { PeriodTotal } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

/**
 * Revenue per month as a small bar chart (inline SVG; a month with more credit than invoices shows
 * no bar), with the same figures in a table for screen readers and anyone who wants them exact.
 */
export function RevenueChart({ months, year }: { months: PeriodTotal[]; year: number }) {
  const id = useId();
  const highest = Math.max(1, ...months.map((m) => m.total_cents));
  const width = 12 * 10;
  const height = 40;
  return (
    <figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="font-sans text-lg font-semibold text-ink">
        Omzet per maand ({year}, incl. btw)
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Staafdiagram van de omzet per maand in ${year}; de bedragen staan in de tabel eronder.`}
        className="mt-3 block h-32 w-full"
      >
        <line x1="0" y1={height - 0.25} x2={width} y2={height - 0.25} className="stroke-sand" strokeWidth="0.5" />
        {months.map((m, i) => {
          const h = (Math.max(0, m.total_cents) / highest) * (height - 2);
          return (
            <rect key={m.from} x={i * 10 + 2} y={height - h} width="6" height={h} className="fill-teal">
              <title>{`${MONTHS[i]}: ${formatPriceCents(m.total_cents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 grid grid-cols-12 text-center text-xs text-ink-soft">
        {MONTHS.map((name) => (
          <span key={name}>{name.slice(0, 3)}</span>
        ))}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm text-ink-soft">De bedragen als tabel</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Omzet per maand in {year}</caption>
          <thead>
            <tr className="border-b border-sand text-left">
              <th scope="col" className="py-1 pr-4 font-medium">
                Maand
              </th>
              <th scope="col" className="py-1 pr-4 text-right font-medium">
                Facturen
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Totaal
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m, i) => (
              <tr key={m.from} className="border-b border-sand/60">
                <th scope="row" className="py-1 pr-4 text-left font-normal">
                  {MONTHS[i]}
                </th>
                <td className="py-1 pr-4 text-right">{m.invoices + m.credit_notes}</td>
                <td className="py-1 text-right">{formatPriceCents(m.total_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
