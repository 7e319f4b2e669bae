import { CountBarChart } from "@/features/dashboard/components/count-bar-chart";
import { formatCount, formatWeekLong, formatWeekShort } from "@/features/dashboard/lib/dashboard-format";
import type { WeeklyCount } from "@/lib/api-types";

/** A count per week (newsletter signups, reviews) as simple bars with a table for screen readers. */
export function WeeklyCountChart({
  title,
  tableCaption,
  countHeader,
  weeks,
}: {
  title: string;
  tableCaption: string;
  countHeader: string;
  weeks: WeeklyCount[];
}) {
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  return (
    <CountBarChart
      title={title}
      summary={`De laatste ${weeks.length} weken: ${formatCount(total)} in totaal.`}
      tableCaption={tableCaption}
      periodHeader="Week van"
      countHeader={countHeader}
      bars={weeks.map((w) => ({
        key: w.week_start,
        short: formatWeekShort(w.week_start),
        long: formatWeekLong(w.week_start),
        count: w.count,
      }))}
    />
  );
}
