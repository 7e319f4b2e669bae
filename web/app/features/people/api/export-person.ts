import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api";
import type { ExportFormat } from "@/lib/api-types";
import { saveDownload } from "@/lib/download";

/** Fetches everything stored about the address (JSON, or the printable HTML page) and saves it; returns the file name. */
export function downloadPersonExport({ email, format }: { email: string; format: ExportFormat }) {
  return saveDownload(
    apiClient.GET("/api/admin/people/export", {
      params: { query: { email, format } },
      parseAs: "blob",
      headers: { Accept: format === "html" ? "text/html" : "application/json" },
    }),
    `gegevens.${format}`,
  );
}

export function useDownloadPersonExport() {
  return useMutation({ mutationFn: downloadPersonExport });
}
