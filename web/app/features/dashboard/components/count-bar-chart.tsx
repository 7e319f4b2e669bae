import { useId } from "react";
import { formatCount } from "@/features/dashboard/lib/dashboard-format";

export interface CountBar {
  key: string;
  /** Under the bar, e.g. "16 nov.". */
  short: string;
  /** In the table, e.g. "16 november 2026". */
  long: string;
  count: number;
}

/**
 * A count per period (signups per week, visitors per day) as simple bars. The bars are only a
 * picture; screen readers get the same numbers as a (visually hidden) table.
 */
export function CountBarChart({
  title,
  summary,
  tableCaption,
  periodHeader,
  countHeader,
  bars,
  labelEvery = 3,
}: {
  title: string;
  summary: string;
  tableCaption: string;
  periodHeader: string;
  countHeader: string;
  bars: CountBar[];
  /** Show every n-th label under the bars on a phone (all of them from `sm` on when few). */
  labelEvery?: number;
}) {
  const captionId = useId();
  const max = Math.max(1, ...bars.map((b) => b.count));
  const dense = bars.length > 16;
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-ink">
        {title}
        <span className="block text-sm font-normal text-ink-soft">{summary}</span>
      </figcaption>
      <div
        aria-hidden="true"
        className={`mt-4 flex h-44 items-end border-b border-ink-soft/40 ${dense ? "gap-px" : "gap-1 sm:gap-2"}`}
      >
        {bars.map((b) => (
          <div key={b.key} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            {dense ? null : <span className="text-xs text-ink-soft">{b.count > 0 ? formatCount(b.count) : ""}</span>}
            <div
              className="w-full rounded-t bg-teal"
              style={{ height: `${(b.count / max) * 85}%`, minHeight: b.count > 0 ? "4px" : "1px" }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className={`mt-1 flex ${dense ? "gap-px" : "gap-1 sm:gap-2"}`}>
        {bars.map((b, i) => (
          <span
            key={b.key}
            className={`min-w-0 flex-1 text-[0.7rem] leading-tight text-ink-soft ${dense ? "overflow-visible whitespace-nowrap text-left" : "text-center"} ${
              i % labelEvery === 0 ? "" : dense ? "invisible" : "invisible sm:visible"
            }`}
          >
            {b.short}
          </span>
        ))}
      </div>
      {/* A table ignores sr-only's 1px width; the div around it does not. */}
      <div className="sr-only">
        <table>
          <caption>{tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{periodHeader}</th>
              <th scope="col">{countHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.key}>
                <th scope="row">{b.long}</th>
                <td>{formatCount(b.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
