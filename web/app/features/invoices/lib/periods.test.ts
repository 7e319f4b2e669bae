import { describe, expect, it } from "vitest";
import type { PeriodTotal } from "@/lib/api-types";
import { collapseEmpty, emptyMonths, emptyQuarters } from "@/features/invoices/lib/periods";

function month(m: number, invoices: number): PeriodTotal {
  const mm = String(m).padStart(2, "0");
  return {
    label: `maand ${m}`,
    from: `2026-${mm}-01`,
    to: `2026-${mm}-28`,
    invoices,
    credit_notes: 0,
    taxable_cents: invoices * 100,
    vat_cents: 0,
    total_cents: invoices * 100,
  };
}

describe("collapseEmpty", () => {
  it("keeps the months with invoices and folds each run of empty ones into one line", () => {
    const months = Array.from({ length: 12 }, (_, i) => month(i + 1, i === 3 || i === 10 ? 2 : 0));
    const lines = collapseEmpty(months, (run) => emptyMonths(run, 2026));
    expect(lines.map((l) => (l.kind === "period" ? l.row.label : l.text))).toEqual([
      "Geen facturen in januari–maart 2026",
      "maand 4",
      "Geen facturen in mei–oktober 2026",
      "maand 11",
      "Geen facturen in december 2026",
    ]);
  });

  it("names quarters, and a period with only a credit note counts", () => {
    const quarters = [1, 4, 7, 10].map((m) => month(m, 0));
    quarters[3] = { ...quarters[3]!, credit_notes: 1 };
    const lines = collapseEmpty(quarters, (run) => emptyQuarters(run, 2026));
    expect(lines.map((l) => (l.kind === "period" ? l.row.label : l.text))).toEqual([
      "Geen facturen in het 1e–3e kwartaal 2026",
      "maand 10",
    ]);
    expect(emptyQuarters([quarters[1]!], 2026)).toBe("Geen facturen in het 2e kwartaal 2026");
  });
});
