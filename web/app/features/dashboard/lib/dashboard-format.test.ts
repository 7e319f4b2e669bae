import { describe, expect, it } from "vitest";
import {
  formatAverageRating,
  formatCount,
  formatEuroWhole,
  formatMonthLong,
  formatMonthShort,
  formatWeekLong,
  formatWeekShort,
} from "@/features/dashboard/lib/dashboard-format";

describe("dashboard formatting (nl-BE)", () => {
  it("formats counts and the average rating the Belgian way", () => {
    expect(formatCount(1234)).toBe("1.234");
    expect(formatAverageRating(4.857)).toBe("4,9");
    expect(formatAverageRating(5)).toBe("5,0");
    expect(formatAverageRating(null)).toBe("–");
  });

  it("shows a week by its Monday, independent of the browser's time zone", () => {
    expect(formatWeekShort("2026-11-16")).toMatch(/^16 nov/);
    expect(formatWeekLong("2026-11-16")).toBe("16 november 2026");
  });

  it("shows a month and rounded euros for the revenue chart", () => {
    expect(formatMonthShort("2026-11")).toMatch(/^nov/);
    expect(formatMonthLong("2026-01")).toBe("januari 2026");
    expect(formatEuroWhole(150049)).toBe("€ 1.500");
  });
});
