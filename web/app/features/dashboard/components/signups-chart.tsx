import { useId } from "react";
import { formatCount } from "@/features/dashboard/lib/dashboard-format";
import { formatWeekLong, formatWeekShort } from "@/features/dashboard/lib/dashboard-format";
import type { WeeklySignups } from "@/lib/api-types";

/**
 * Newsletter signups per week as simple bars. The bars are only a picture; screen
 * readers get the same numbers as a (visually hidden) table.
 */
export function SignupsChart({ weeks }: { weeks: WeeklySignups[] }) {
  const captionId = useId();
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  return (
    <figure aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-ink">
        Nieuwe inschrijvingen per week
        <span className="block text-sm font-normal text-ink-soft">
          De laatste {weeks.length} weken: {formatCount(total)} in totaal.
        </span>
      </figcaption>
      <div aria-hidden="true" className="mt-4 flex h-44 items-end gap-1 border-b border-ink-soft/40 sm:gap-2">
        {weeks.map((w) => (
          <div key={w.week_start} className="flex h-full flex-1 flex-col items-center justify-end">
            <span className="text-xs text-ink-soft">{w.count > 0 ? formatCount(w.count) : ""}</span>
            <div
              className="w-full rounded-t bg-teal"
              style={{ height: `${(w.count / max) * 85}%`, minHeight: w.count > 0 ? "4px" : "1px" }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {weeks.map((w, i) => (
          <span
            key={w.week_start}
            className={`flex-1 text-center text-[0.7rem] leading-tight text-ink-soft ${i % 3 === 0 ? "" : "invisible sm:visible"}`}
          >
            {formatWeekShort(w.week_start)}
          </span>
        ))}
      </div>
      {/* A table ignores sr-only's 1px width; the div around it does not. */}
      <div className="sr-only">
      <table>
        <caption>Nieuwe inschrijvingen op de nieuwsbrief per week</caption>
        <thead>
          <tr>
            <th scope="col">Week van</th>
            <th scope="col">Inschrijvingen</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week_start}>
              <th scope="row">{formatWeekLong(w.week_start)}</th>
              <td>{formatCount(w.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
