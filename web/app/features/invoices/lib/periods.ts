import type { PeriodTotal } from "@/lib/api-types";

/** A period with invoices, or one line for a run of periods without any. */
export type PeriodLine = { kind: "period"; row: PeriodTotal } | { kind: "empty"; key: string; text: string };

export const MONTHS = [
  "januari",
  "februari",
  "maart",
  "april",
  "mei",
  "juni",
  "juli",
  "augustus",
  "september",
  "oktober",
  "november",
  "december",
] as const;

/** 1–12 for a period starting `YYYY-MM-01`. */
function monthOf(row: PeriodTotal): number {
  return Number(row.from.slice(5, 7));
}

export function hasInvoices(row: PeriodTotal): boolean {
  return row.invoices + row.credit_notes > 0;
}

/** "Geen facturen in maart 2026" or "Geen facturen in januari–maart 2026". */
export function emptyMonths(run: PeriodTotal[], year: number): string {
  const names = run.map((row) => MONTHS[monthOf(row) - 1]);
  const span = names.length === 1 ? names[0] : `${names[0]}–${names[names.length - 1]}`;
  return `Geen facturen in ${span} ${year}`;
}

/** "Geen facturen in het 2e kwartaal 2026" or "Geen facturen in het 1e–3e kwartaal 2026". */
export function emptyQuarters(run: PeriodTotal[], year: number): string {
  const numbers = run.map((row) => `${Math.floor((monthOf(row) - 1) / 3) + 1}e`);
  const span = numbers.length === 1 ? numbers[0] : `${numbers[0]}–${numbers[numbers.length - 1]}`;
  return `Geen facturen in het ${span} kwartaal ${year}`;
}

/** The periods with invoices in order, each run of periods without any collapsed into one line. */
export function collapseEmpty(rows: PeriodTotal[], describe: (run: PeriodTotal[]) => string): PeriodLine[] {
  const lines: PeriodLine[] = [];
  let run: PeriodTotal[] = [];
  const flush = () => {
    if (run.length === 0) return;
    lines.push({ kind: "empty", key: `${run[0]!.from}-${run[run.length - 1]!.to}`, text: describe(run) });
    run = [];
  };
  for (const row of rows) {
    if (hasInvoices(row)) {
      flush();
      lines.push({ kind: "period", row });
    } else {
      run.push(row);
    }
  }
  flush();
  return lines;
}
