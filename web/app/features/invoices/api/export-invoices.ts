import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api";
import { saveDownload } from "@/lib/download";

export interface Period {
  from: string;
  to: string;
}

/** Fetches a period as one ZIP (PDFs, UBL XML, CSV summary) and saves it; returns its name. */
export function exportInvoices({ from, to }: Period) {
  return saveDownload(
    apiClient.GET("/api/admin/invoices/export", {
      params: { query: { from, to } },
      parseAs: "blob",
      headers: { Accept: "application/zip" },
    }),
    `facturen-${from}-tot-${to}.zip`,
  );
}

export function useExportInvoices() {
  return useMutation({ mutationFn: exportInvoices });
}
