// Files from the admin API (CSV exports): fetched through the typed client with the admin's
// token (a plain link cannot send it) and saved under the server's file name via a Blob URL.
import { succeeded } from "@/lib/api";

/** The file name from a Content-Disposition header, or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Saves the file a call answered with (`parseAs: "blob"`); returns its name. */
export async function saveDownload(
  call: Promise<{ data?: Blob; error?: unknown; response: Response }>,
  fallbackName: string,
): Promise<string> {
  const { data, response } = await succeeded(call);
  const filename = filenameFromDisposition(response.headers.get("Content-Disposition"), fallbackName);
  const url = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
