// The files of an issued invoice or credit note: the buyer's links (by the order's private id)
// and the coach's downloads (through the admin API, with her token).
import { apiClient } from "@/lib/api";
import type { InvoiceFormat, InvoiceKind } from "@/lib/api-types";
import { saveDownload } from "@/lib/download";

export function invoiceKindLabel(kind: InvoiceKind): string {
  return kind === "credit_note" ? "Creditnota" : "Factuur";
}

/** The buyer's link to a document of their order, e.g. `/api/orders/…/documents/factuur.pdf`. */
export function buyerDocumentUrl(orderId: string, kind: InvoiceKind, format: InvoiceFormat): string {
  const name = kind === "credit_note" ? "creditnota" : "factuur";
  return `/api/orders/${encodeURIComponent(orderId)}/documents/${name}.${format}`;
}

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
