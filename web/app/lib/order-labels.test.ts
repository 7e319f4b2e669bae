import { describe, expect, it } from "vitest";
import {
  ORDER_STATUSES,
  ORDER_FILTERS,
  attentionLabel,
  canRefund,
  orderStatusLabel,
  providerLabel,
  refundConsequence,
} from "@/lib/order-labels";

describe("order labels", () => {
  it("names every status in Dutch, and the filter has them all plus 'Actie nodig'", () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual([
      "In afwachting",
      "Betaald",
      "Geannuleerd",
      "Verlopen",
      "Mislukt",
      "Terugbetaald",
    ]);
    expect(ORDER_FILTERS.map((f) => f.label)).toEqual([
      "Alle",
      "In afwachting",
      "Betaald",
      "Geannuleerd",
      "Verlopen",
      "Mislukt",
      "Terugbetaald",
      "Actie nodig",
    ]);
  });

  it("flags a late payment without a seat for a refund", () => {
    expect(attentionLabel("refund_needed")).toBe("Actie nodig: terugbetalen");
    expect(attentionLabel(null)).toBeNull();
    expect(canRefund({ status: "paid", attention: null })).toBe(true);
    expect(canRefund({ status: "expired", attention: "refund_needed" })).toBe(true);
    expect(canRefund({ status: "pending", attention: null })).toBe(false);
    expect(canRefund({ status: "refunded", attention: null })).toBe(false);
  });

  it("says what a refund does per provider", () => {
    expect(providerLabel("simulated")).toBe("Simulatie");
    expect(refundConsequence({ provider: "stripe" }, 7000)).toBe("Het bedrag van € 70,00 wordt via Stripe teruggestort.");
    expect(refundConsequence({ provider: "mollie" }, 3500)).toMatch(/via Mollie teruggestort/);
    expect(refundConsequence({ provider: "simulated" }, 3500)).toMatch(/als terugbetaald gemarkeerd/);
  });
});
