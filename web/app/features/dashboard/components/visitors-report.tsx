import { useState } from "react";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { FilterSelect } from "@/components/admin/filter-select";
import { cardClass } from "@/components/admin/styles";
import { useVisitors } from "@/features/dashboard/api/get-visitors";
import { CountBarChart } from "@/features/dashboard/components/count-bar-chart";
import {
  formatCount,
  formatWeekLong,
  formatWeekShort,
} from "@/features/dashboard/lib/dashboard-format";
import { funnelSteps, formatRate } from "@/features/dashboard/lib/funnel";
import type { FunnelWeek, NamedCount, VisitorReport } from "@/lib/api-types";

const periods = [
  { value: "7", label: "De laatste 7 dagen" },
  { value: "30", label: "De laatste 30 dagen" },
  { value: "90", label: "De laatste 90 dagen" },
  { value: "365", label: "Het laatste jaar" },
] as const;
type Period = (typeof periods)[number]["value"];

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-serif text-3xl font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** A top list as a small table: what, and how many. */
function TopList({ title, nameHeader, rows, empty }: { title: string; nameHeader: string; rows: NamedCount[]; empty: string }) {
  return (
    <section className={`${cardClass} min-w-0`} aria-label={title}>
      <h2 className="text-xl">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-ink-soft">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-sand text-ink-soft">
              <th scope="col" className="py-1 pr-2 font-semibold">
                {nameHeader}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Aantal
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} className="border-b border-sand/60 last:border-0">
                <td className="break-all py-1.5 pr-2">{r.label}</td>
                <td className="py-1.5 text-right tabular-nums">{formatCount(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The path over the whole period: each step's count, a bar, and its conversion from the step before. */
function FunnelTotals({ weeks }: { weeks: FunnelWeek[] }) {
  const steps = funnelSteps(weeks);
  const max = Math.max(1, ...steps.map((s) => s.count));
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">Het pad van bezoeker tot klant in deze periode, met de conversie per stap</caption>
      <thead>
        <tr className="border-b border-sand text-ink-soft">
          <th scope="col" className="py-1 pr-2 font-semibold">
            Stap
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-semibold">
            Aantal
          </th>
          <th scope="col" className="hidden py-1 pr-2 font-semibold sm:table-cell">
            <span className="sr-only">Als balk</span>
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Conversie
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s) => (
          <tr key={s.key} className="border-b border-sand/60 last:border-0">
            <th scope="row" className="py-1.5 pr-2 font-normal [overflow-wrap:anywhere]">
              {s.label}
              {s.from ? <span className="block text-xs text-ink-soft">van {s.from.toLowerCase()}</span> : null}
            </th>
            <td className="py-1.5 pr-2 text-right tabular-nums">{formatCount(s.count)}</td>
            <td className="hidden w-1/3 py-1.5 pr-2 sm:table-cell" aria-hidden="true">
              <div className="h-3 rounded bg-teal" style={{ width: `${(s.count / max) * 100}%`, minWidth: s.count > 0 ? "4px" : "0" }} />
            </td>
            <td className="py-1.5 text-right tabular-nums">{s.rate === null ? "–" : formatRate(s.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const weekColumns: { key: Exclude<keyof FunnelWeek, "week_start">; label: string }[] = [
  { key: "visitors", label: "Bezoekers" },
  { key: "selftest_started", label: "Zelftest gestart" },
  { key: "selftest_completed", label: "Zelftest afgerond" },
  { key: "newsletter_confirmed", label: "Nieuwsbrief bevestigd" },
  { key: "intro_calls_booked", label: "Kennismaking geboekt" },
  { key: "orders_paid", label: "Bestelling betaald" },
];

/** The path per week, newest first: a table on a wide screen, a card per week on a narrow one. */
function FunnelPerWeek({ weeks }: { weeks: FunnelWeek[] }) {
  const newestFirst = [...weeks].reverse();
  return (
    <>
      <h3 className="mt-6 text-lg">Per week</h3>
      <table className="mt-2 hidden w-full text-left text-sm xl:table">
        <caption className="sr-only">Het pad per week, nieuwste week eerst</caption>
        <thead>
          <tr className="border-b border-sand text-ink-soft">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Week van
            </th>
            {weekColumns.map((c) => (
              <th key={c.key} scope="col" className="py-1 pr-2 text-right font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((w) => (
            <tr key={w.week_start} className="border-b border-sand/60 last:border-0">
              <th scope="row" className="py-1.5 pr-2 font-normal">
                {formatWeekLong(w.week_start)}
              </th>
              {weekColumns.map((c) => (
                <td key={c.key} className="py-1.5 pr-2 text-right tabular-nums">
                  {formatCount(w[c.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="mt-2 grid gap-3 sm:grid-cols-2 xl:hidden" aria-label="Het pad per week, nieuwste week eerst">
        {newestFirst.map((w) => (
          <li key={w.week_start} className="rounded-xl border border-sand p-3">
            <p className="font-semibold">Week van {formatWeekLong(w.week_start)}</p>
            <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 text-sm">
              {weekColumns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-ink-soft">{c.label}</dt>
                  <dd className="text-right tabular-nums">{formatCount(w[c.key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}

function Report({ data }: { data: VisitorReport }) {
  const labelEvery = Math.max(1, Math.ceil(data.days.length / 6));
  return (
    <div className="mt-6 grid gap-6">
      <section className={cardClass} aria-label="Totaal">
        <dl className="flex flex-wrap gap-x-10 gap-y-3">
          <Figure value={formatCount(data.visitors)} label="Bezoekers (per dag geteld)" />
          <Figure value={formatCount(data.views)} label="Bekeken pagina’s" />
        </dl>
      </section>
      <section className={`${cardClass} min-w-0`} aria-label="Bezoekers per dag">
        <CountBarChart
          title="Bezoekers per dag"
          summary={`Van ${formatWeekLong(data.from)} tot ${formatWeekLong(data.to)}: ${formatCount(data.visitors)} ${
            data.visitors === 1 ? "bezoeker" : "bezoekers"
          }, ${formatCount(data.views)} ${data.views === 1 ? "bekeken pagina" : "bekeken pagina’s"}.`}
          tableCaption="Unieke bezoekers per dag"
          periodHeader="Dag"
          countHeader="Bezoekers"
          labelEvery={labelEvery}
          bars={data.days.map((d) => ({
            key: d.date,
            short: formatWeekShort(d.date),
            long: formatWeekLong(d.date),
            count: d.visitors,
          }))}
        />
      </section>
      <section className={`${cardClass} min-w-0`} aria-labelledby="pad-titel">
        <h2 id="pad-titel" className="text-xl">
          Het pad: van bezoek tot klant
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          Bezoekers, wie de zelftest begon en afrondde, en wie daarna de nieuwsbrief bevestigde, een kennismakingsgesprek boekte of
          een bestelling betaalde. De conversie is het deel van de stap ervoor.
        </p>
        <FunnelTotals weeks={data.funnel} />
        <FunnelPerWeek weeks={data.funnel} />
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <TopList title="Meest bekeken pagina’s" nameHeader="Pagina" rows={data.top_pages} empty="Nog geen bezoeken in deze periode." />
        <TopList
          title="Herkomst"
          nameHeader="Website of bron"
          rows={data.sources}
          empty="Nog geen bezoekers via een andere website of een link met utm_source."
        />
        <TopList title="Campagnes" nameHeader="Campagne (utm_campaign)" rows={data.campaigns} empty="Nog geen bezoekers via een campagnelink." />
        <TopList title="Toestellen" nameHeader="Toestel" rows={data.devices} empty="Nog geen bezoeken in deze periode." />
      </div>
    </div>
  );
}

/** Beheer > Bezoekers: how many visit, from where, and how many walk the path to a step with her. */
export function VisitorsReport() {
  const [period, setPeriod] = useState<Period>("30");
  const { data, isPending, isError, error, refetch } = useVisitors(Number(period));
  return (
    <>
      <div className="mt-6">
        <FilterSelect label="Periode" value={period} options={periods} onChange={setPeriod} />
      </div>
      {isPending ? (
        <LoadingBlock label="Bezoekers laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Report data={data} />
      )}
    </>
  );
}
