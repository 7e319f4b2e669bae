import { describe, expect, it } from "vitest";
import { formatRate, funnelSteps } from "@/features/dashboard/lib/funnel";

const week = (visitors: number, started: number, completed: number, paid: number) => ({
  week_start: "2026-11-23",
  visitors,
  selftest_started: started,
  selftest_completed: completed,
  newsletter_confirmed: 1,
  intro_calls_booked: 0,
  orders_paid: paid,
});

describe("funnelSteps", () => {
  it("sums the weeks and measures each step against the one before", () => {
    const steps = funnelSteps([week(100, 10, 4, 1), week(100, 10, 4, 0)]);
    expect(steps.map((s) => s.count)).toEqual([200, 20, 8, 2, 0, 1]);
    expect(steps.map((s) => s.rate)).toEqual([null, 0.1, 0.4, 0.25, 0, 0.125]);
    expect(formatRate(0.125)).toMatch(/^12,5 ?%$/);
  });

  it("gives no rate without a base", () => {
    const steps = funnelSteps([week(0, 0, 0, 0)]);
    expect(steps.every((s) => s.rate === null)).toBe(true);
  });
});
