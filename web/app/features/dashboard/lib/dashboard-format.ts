// nl-BE numbers and dates for the dashboard.
const LOCALE = "nl-BE";

const integer = new Intl.NumberFormat(LOCALE);
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const weekFmt = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "short", timeZone: "UTC" });
const weekLongFmt = new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** 1234 → "1.234". */
export function formatCount(n: number): string {
  return integer.format(n);
}

/** 4.857 → "4,9"; null → "–". */
export function formatAverageRating(value: number | null | undefined): string {
  return value === null || value === undefined ? "–" : oneDecimal.format(value);
}

/** "2026-11-16" (a Brussels calendar date) → "16 nov.". */
export function formatWeekShort(weekStart: string): string {
  return weekFmt.format(new Date(`${weekStart}T00:00:00Z`));
}

/** "2026-11-16" → "16 november 2026". */
export function formatWeekLong(weekStart: string): string {
  return weekLongFmt.format(new Date(`${weekStart}T00:00:00Z`));
}

const monthShortFmt = new Intl.DateTimeFormat(LOCALE, { month: "short", timeZone: "UTC" });
const monthLongFmt = new Intl.DateTimeFormat(LOCALE, { month: "long", year: "numeric", timeZone: "UTC" });

function monthDate(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`);
}

/** "2026-11" (a Brussels calendar month) → "nov.". */
export function formatMonthShort(month: string): string {
  return monthShortFmt.format(monthDate(month));
}

/** "2026-11" → "november 2026". */
export function formatMonthLong(month: string): string {
  return monthLongFmt.format(monthDate(month));
}

const wholeEuro = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "EUR", maximumFractionDigits: 0 });

/** 150049 → "€ 1.500" (rounded, for a chart's labels). */
export function formatEuroWhole(cents: number): string {
  return wholeEuro.format(Math.round(cents / 100)).replace(/[\u00a0\u202f]/g, " ");
}
