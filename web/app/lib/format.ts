// All nl-BE formatting in one place. Dates are shown in Europe/Brussels.
const LOCALE = "nl-BE";
const TIME_ZONE = "Europe/Brussels";

/**
 * A formatter made at its first use: the first one costs a phone tens of milliseconds (the browser
 * loads its locale and time zone data), and most public pages show no price or date at load.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const currency = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: "currency", currency: "EUR" }));

/** Normalises (narrow) no-break spaces from Intl to plain spaces. */
function plainSpaces(s: string): string {
  return s.replace(/[\u00a0\u202f]/g, " ");
}

/** 3500 → "€ 35,00"; 150000 → "€ 1.500,00". */
export function formatPriceCents(cents: number): string {
  return plainSpaces(currency().format(cents / 100));
}

/** 35 → "€ 35,00". */
export function formatPrice(euros: number): string {
  return plainSpaces(currency().format(euros));
}

const dateFmt = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" }),
);

const timeFmt = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
);

const shortDateFmt = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, day: "numeric", month: "long", year: "numeric" }),
);

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "donderdag 27 november 2025" */
export function formatDate(value: string | Date): string {
  return plainSpaces(dateFmt().format(toDate(value)));
}

/** "27 november 2025" */
export function formatShortDate(value: string | Date): string {
  return plainSpaces(shortDateFmt().format(toDate(value)));
}

/** "19:30" */
export function formatTime(value: string | Date): string {
  return plainSpaces(timeFmt().format(toDate(value)));
}

/** "donderdag 27 november 2025, 19:30" */
export function formatDateTime(value: string | Date): string {
  return `${formatDate(value)}, ${formatTime(value)}`;
}

/** "donderdag 27 november 2025 om 19:30" */
export function formatDateAt(value: string | Date): string {
  return `${formatDate(value)} om ${formatTime(value)}`;
}

/** "19:30 – 22:00" (end optional). */
export function formatTimeRange(start: string | Date, end?: string | Date | null): string {
  return end ? `${formatTime(start)} – ${formatTime(end)}` : formatTime(start);
}

/** Days between two instants, counted as calendar days in Brussels (inclusive). */
export function isSameBrusselsDay(a: string | Date, b: string | Date): boolean {
  return shortDateFmt().format(toDate(a)) === shortDateFmt().format(toDate(b));
}
