// The files of an issued invoice or credit note as the buyer reaches them (by the order's private
// id). The coach's downloads are in invoice-download.ts: public pages never load admin calls.
import type { InvoiceFormat, InvoiceKind } from "@/lib/api-types";

export function invoiceKindLabel(kind: InvoiceKind): string {
  return kind === "credit_note" ? "Creditnota" : "Factuur";
}

/** The buyer's link to a document of their order, e.g. `/api/orders/…/documents/factuur.pdf`. */
export function buyerDocumentUrl(orderId: string, kind: InvoiceKind, format: InvoiceFormat): string {
  const name = kind === "credit_note" ? "creditnota" : "factuur";
  return `/api/orders/${encodeURIComponent(orderId)}/documents/${name}.${format}`;
}
