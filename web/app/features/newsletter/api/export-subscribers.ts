import { useMutation } from "@tanstack/react-query";
import { authorizedFetch } from "@/lib/admin-fetch";
import { readApiResponse } from "@/lib/api";

export const EXPORT_FILENAME = "nieuwsbrief-abonnees.csv";

/** The file name from a Content-Disposition header, or the default one. */
export function filenameFromDisposition(header: string | null, fallback = EXPORT_FILENAME): string {
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

/** Fetches the CSV with the admin's token (a plain link cannot send it) and saves it via a Blob URL. */
export async function downloadSubscribersCsv(): Promise<string> {
  const response = await authorizedFetch("/api/admin/subscribers/export", { headers: { Accept: "text/csv" } });
  if (!response.ok) await readApiResponse(response); // throws the server's message
  const blob = await response.blob();
  const filename = filenameFromDisposition(response.headers.get("Content-Disposition"));
  const url = URL.createObjectURL(blob);
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

export function useDownloadSubscribersCsv() {
  return useMutation({ mutationFn: downloadSubscribersCsv });
}
