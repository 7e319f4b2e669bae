// The coach's downloads of an invoice or credit note (admin API, with her token). Kept apart from
// invoice-files.ts, which public pages load: no admin call belongs in a public chunk.
import { apiClient } from "@/lib/api";
import type { InvoiceFormat } from "@/lib/api-types";
import { saveDownload } from "@/lib/download";

/** Fetches an invoice's PDF or UBL XML as the coach and saves it; returns the file name. */
export function downloadInvoiceFile(id: number, format: InvoiceFormat) {
  return saveDownload(
    apiClient.GET("/api/admin/invoices/{id}/{format}", {
      params: { path: { id, format } },
      parseAs: "blob",
    }),
    `factuur-${id}.${format}`,
  );
}
