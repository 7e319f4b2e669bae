// Prices as the coach types them ("1500", "1500,00", "1.500,00", "€ 35") ↔ euro cents.

/**
 * Parses an amount in euro, Belgian style, into cents. A comma is the decimal
 * separator and dots group thousands ("1.500,00"); without a comma, one dot followed
 * by one or two digits is read as decimals ("12.50"). Returns null for anything that
 * is not a plain non-negative amount with at most two decimals.
 */
export function parseEuroToCents(input: string): number | null {
  const s = input.replace(/[\s\u00a0\u202f]/g, "").replace(/^€/, "").replace(/€$/, "").replace(/,-$/, "");
  if (!s) return null;
  let whole: string;
  let fraction = "";
  if (s.includes(",")) {
    const parts = s.split(",");
    if (parts.length !== 2) return null;
    [whole, fraction] = parts as [string, string];
    if (whole.includes(".")) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replace(/\./g, "");
    }
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [whole, fraction] = s.split(".") as [string, string];
  } else if (s.includes(".")) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(s)) return null;
    whole = s.replace(/\./g, "");
  } else {
    whole = s;
  }
  if (whole === "") whole = "0";
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0") || "0");
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 150000 → "1500,00" (what the price field shows when editing). */
export function centsToEuroInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${whole},${String(rest).padStart(2, "0")}`;
}
