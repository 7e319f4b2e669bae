import { describe, expect, it } from "vitest";
import { formatDateAt, formatDateTime, formatPrice, formatPriceCents, formatTime, formatTimeRange } from "@/lib/format";

describe("price formatting (nl-BE)", () => {
  it("formats cents as euro with a comma decimal", () => {
    expect(formatPriceCents(3500)).toBe("€ 35,00");
    expect(formatPriceCents(1900)).toBe("€ 19,00");
    expect(formatPriceCents(9700)).toBe("€ 97,00");
  });

  it("groups thousands with a dot", () => {
    expect(formatPriceCents(150000)).toBe("€ 1.500,00");
    expect(formatPrice(1500)).toBe("€ 1.500,00");
  });
});

describe("date formatting (Europe/Brussels)", () => {
  it("shows a winter UTC instant in Brussels time", () => {
    // 27 Nov 2025 19:30 +01:00
    expect(formatDateTime("2025-11-27T18:30:00Z")).toBe("donderdag 27 november 2025, 19:30");
    expect(formatDateAt("2025-11-27T18:30:00Z")).toBe("donderdag 27 november 2025 om 19:30");
  });

  it("handles summer time", () => {
    // 1 Jul 2026 09:00 +02:00
    expect(formatTime("2026-07-01T07:00:00Z")).toBe("09:00");
  });

  it("formats a time range", () => {
    expect(formatTimeRange("2025-11-27T18:30:00Z", "2025-11-27T21:00:00Z")).toBe("19:30 – 22:00");
  });
});
