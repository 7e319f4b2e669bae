import { ArrowRight, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/admin/badge";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminSections } from "@/lib/admin-sections";
import { cardClass } from "@/components/admin/styles";
import { useDashboard } from "@/features/dashboard/api/get-dashboard";
import { RevenueChart } from "@/features/dashboard/components/revenue-chart";
import { WeeklyCountChart } from "@/features/dashboard/components/weekly-count-chart";
import { TicketSales } from "@/features/dashboard/components/ticket-sales";
import {
  formatAverageRating,
  formatCount,
  formatMonthLong,
  formatMonthShort,
  formatWeekLong,
  formatWeekShort,
} from "@/features/dashboard/lib/dashboard-format";
import { eventKindLabel, eventStatusLabel, eventStatusTone, seatsText } from "@/lib/event-labels";
import { callModeLabel } from "@/lib/call-labels";
import { formatDateAt, formatDateTime } from "@/lib/format";

function StatCard({ title, children, to, linkLabel }: { title: string; children: ReactNode; to: string; linkLabel: string }) {
  return (
    <section className={cardClass} aria-label={title}>
      <h2 className="text-xl">{title}</h2>
      <div className="mt-3">{children}</div>
      <Link to={to} className="text-link mt-4 inline-block text-sm">
        {linkLabel}
      </Link>
    </section>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="font-serif text-3xl font-semibold text-ink">{value}</dd>
    </div>
  );
}

/** The coach's figures below what needs her today: newsletter, reviews, upcoming calls, signups and revenue, ticket sales, the next dates, and a way to every admin page. */
export function DashboardOverview() {
  const { data, isPending, isError, error, refetch } = useDashboard();

  return (
    <div className="mt-8 grid gap-8">
      {isPending ? (
        <LoadingBlock label="Overzicht laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2">
            <StatCard title="Nieuwsbrief" to="/admin/nieuwsbrief" linkLabel="Alle abonnees bekijken">
              <dl className="flex flex-wrap gap-x-10 gap-y-3">
                <Figure value={formatCount(data.subscribers.confirmed)} label="Bevestigd" />
                <Figure value={formatCount(data.subscribers.pending)} label="In afwachting" />
                <Figure value={formatCount(data.subscribers.unsubscribed)} label="Uitgeschreven" />
              </dl>
            </StatCard>
            <StatCard title="Reviews" to="/admin/reviews" linkLabel="Reviews beheren">
              <dl className="flex flex-wrap gap-x-10 gap-y-3">
                <Figure value={formatCount(data.reviews.count)} label="Aantal reviews" />
                <div>
                  <dt className="text-sm text-ink-soft">Gemiddelde score</dt>
                  <dd className="flex items-center gap-2 font-serif text-3xl font-semibold text-ink">
                    {formatAverageRating(data.reviews.average_rating)}
                    <Star aria-hidden="true" className="h-6 w-6 text-gold" fill="currentColor" />
                    <span className="sr-only">van 5 sterren</span>
                  </dd>
                </div>
              </dl>
            </StatCard>
          </div>

          {/* The figures as small bar charts, each with its numbers as a table for screen readers. */}
          <div className="grid gap-6">
            <section className={`${cardClass} min-w-0`} aria-label="Inschrijvingen per week">
              <WeeklyCountChart
                title="Nieuwe inschrijvingen per week"
                tableCaption="Nieuwe inschrijvingen op de nieuwsbrief per week"
                countHeader="Inschrijvingen"
                weeks={data.signups_per_week}
              />
            </section>
            <section className={`${cardClass} min-w-0`} aria-label="Reviews per week">
              <WeeklyCountChart
                title="Nieuwe reviews per week"
                tableCaption="Goedgekeurde reviews per week"
                countHeader="Reviews"
                weeks={data.reviews.per_week}
              />
            </section>
            <section className={`${cardClass} min-w-0`} aria-label="Verkoop per week">
              <RevenueChart
                title="Verkoop per week"
                span={`De laatste ${data.sales_per_week.length} weken`}
                periodHeader="Week van"
                labelEvery={3}
                periods={data.sales_per_week.map((w) => ({
                  key: w.week_start,
                  short: formatWeekShort(w.week_start),
                  long: formatWeekLong(w.week_start),
                  total_cents: w.total_cents,
                  orders: w.orders,
                }))}
              />
            </section>
            <section className={`${cardClass} min-w-0`} aria-label="Omzet per maand">
              <RevenueChart
                title="Omzet per maand"
                span={`De laatste ${data.revenue_by_month.length} maanden`}
                periodHeader="Maand"
                labelEvery={2}
                periods={data.revenue_by_month.map((m) => ({
                  key: m.month,
                  short: formatMonthShort(m.month),
                  long: formatMonthLong(m.month),
                  total_cents: m.total_cents,
                  orders: m.orders,
                }))}
              />
            </section>
          </div>

          <div className="grid gap-6 md:grid-cols-2">
            <section className={cardClass} aria-labelledby="komende-gesprekken">
              <h2 id="komende-gesprekken" className="text-xl">
                Komende kennismakingsgesprekken
              </h2>
              {data.upcoming_intro_calls.length === 0 ? (
                <p className="mt-3 text-ink-soft">Er zijn geen gesprekken gepland.</p>
              ) : (
                <ul className="mt-3 divide-y divide-sand">
                  {data.upcoming_intro_calls.map((call) => (
                    <li key={call.id} className="py-2">
                      <p className="font-semibold text-ink">{call.name}</p>
                      <p className="text-sm text-ink-soft">
                        {formatDateAt(call.starts_at)} · {callModeLabel(call.mode)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              <Link to="/admin/afspraken" className="text-link mt-4 inline-block text-sm">
                Alle afspraken bekijken
              </Link>
            </section>
            <section className={cardClass} aria-labelledby="volgende-data">
              <h2 id="volgende-data" className="text-xl">
                Volgende data
              </h2>
              {data.next_events.length === 0 ? (
                <p className="mt-3 text-ink-soft">Er staan geen komende data gepland.</p>
              ) : (
                <ul className="mt-4 divide-y divide-sand">
                  {data.next_events.map((event) => (
                    <li key={event.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                      <div>
                        <p className="font-semibold text-ink">{event.title}</p>
                        <p className="text-sm text-ink-soft">
                          {eventKindLabel(event.kind)} · {formatDateTime(event.starts_at)}
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-3">
                        <span className="text-sm text-ink">{seatsText(event.seats_taken, event.capacity)}</span>
                        <Badge tone={eventStatusTone(event.status)}>{eventStatusLabel(event.status)}</Badge>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>

          {data.tickets_by_event ? <TicketSales events={data.tickets_by_event} /> : null}
        </>
      )}

      <section aria-labelledby="beheer-onderdelen">
        <h2 id="beheer-onderdelen" className="text-2xl">
          Snel naar
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {adminSections
            .filter((s) => s.to !== "/admin/dashboard")
            .map((s) => (
              <li key={s.to}>
                <Link
                  to={s.to}
                  className="group flex h-full items-start gap-4 rounded-2xl border border-sand bg-paper p-5 text-ink no-underline shadow-sm hover:border-teal hover:bg-teal-soft"
                >
                  <s.icon aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-teal" />
                  <span>
                    <span className="flex items-center gap-1 font-semibold">
                      {s.label}
                      <ArrowRight aria-hidden="true" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                    </span>
                    <span className="mt-1 block text-sm text-ink-soft">{s.description}</span>
                  </span>
                </Link>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
