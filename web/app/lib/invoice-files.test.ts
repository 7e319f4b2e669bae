import { describe, expect, it } from "vitest";
import { buyerDocumentUrl, invoiceKindLabel } from "@/lib/invoice-files";

describe("invoice files", () => {
  it("links the buyer to the documents of their order by its private id", () => {
    expect(buyerDocumentUrl("abc123", "invoice", "pdf")).toBe("/api/orders/abc123/documents/factuur.pdf");
    expect(buyerDocumentUrl("abc123", "invoice", "xml")).toBe("/api/orders/abc123/documents/factuur.xml");
    expect(buyerDocumentUrl("a/b", "credit_note", "pdf")).toBe("/api/orders/a%2Fb/documents/creditnota.pdf");
  });

  it("names both kinds in Dutch", () => {
    expect(invoiceKindLabel("invoice")).toBe("Factuur");
    expect(invoiceKindLabel("credit_note")).toBe("Creditnota");
  });
});
