/** Larger files are refused before they are sent (the server's limit is 8 MB). */
export const MAX_CSV_BYTES = 7 * 1024 * 1024;

/**
 * The text of a CSV file as Excel or a newsletter tool saves it: UTF-8 (with or without BOM),
 * or else Windows-1252, the encoding of Excel's plain "CSV (gescheiden door lijstscheidingsteken)".
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
