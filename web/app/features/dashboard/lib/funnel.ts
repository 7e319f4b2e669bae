import type { FunnelWeek } from "@/lib/api-types";

export interface FunnelStep {
  key: string;
  label: string;
  count: number;
  /** The step its conversion is measured from; null for the first. */
  from: string | null;
  /** count / the previous step's count (0..), null when there is nothing to divide by. */
  rate: number | null;
}

/** The path over all weeks: visitors → self-test started → completed → the three next steps (each from completed). */
export function funnelSteps(weeks: FunnelWeek[]): FunnelStep[] {
  const sum = (key: keyof FunnelWeek) => weeks.reduce((total, w) => total + (w[key] as number), 0);
  const visitors = sum("visitors");
  const started = sum("selftest_started");
  const completed = sum("selftest_completed");
  const rate = (count: number, base: number) => (base > 0 ? count / base : null);
  const step = (key: keyof FunnelWeek, label: string, from: string | null, base: number): FunnelStep => {
    const count = sum(key);
    return { key, label, count, from, rate: from === null ? null : rate(count, base) };
  };
  return [
    step("visitors", "Bezoekers", null, 0),
    step("selftest_started", "Zelftest gestart", "Bezoekers", visitors),
    step("selftest_completed", "Zelftest afgerond", "Zelftest gestart", started),
    step("newsletter_confirmed", "Nieuwsbrief bevestigd", "Zelftest afgerond", completed),
    step("intro_calls_booked", "Kennismakingsgesprek geboekt", "Zelftest afgerond", completed),
    step("orders_paid", "Bestelling betaald", "Zelftest afgerond", completed),
  ];
}

const percent = new Intl.NumberFormat("nl-BE", { style: "percent", maximumFractionDigits: 1 });

/** 0.125 → "12,5%". */
export function formatRate(rate: number): string {
  return percent.format(rate).replace(/[\u00a0\u202f]/g, " ");
}
