import { beforeEach, describe, expect, it } from "vitest";
import { emptyValues } from "@/features/checkout/lib/checkout-form";
import {
  clearDraft,
  DRAFT_KEY,
  draftFor,
  finishAttempt,
  loadDraft,
  newIdempotencyKey,
  saveDraft,
  withNewAttempt,
  type CheckoutDraft,
} from "@/features/checkout/lib/checkout-storage";

const filled = {
  ...emptyValues,
  first_name: "Anna",
  last_name: "Peeters",
  email: "anna@voorbeeld.be",
  phone: "0470 11 22 33",
  quantity: 2,
  coupon: "WELKOM10",
  accept_terms: true,
  accept_consent: true,
};

function draft(overrides: Partial<CheckoutDraft> = {}): CheckoutDraft {
  return {
    product: "vertelavond",
    eventId: 7,
    values: filled,
    idempotencyKey: "11111111-2222-3333-4444-555555555555",
    orderId: null,
    ...overrides,
  };
}

let counter = 0;
const makeKey = () => `key-${String(++counter).padStart(16, "0")}`;

describe("checkout draft in sessionStorage", () => {
  beforeEach(() => sessionStorage.clear());

  it("round-trips a draft", () => {
    saveDraft(draft({ orderId: "ord_1" }));
    expect(loadDraft()).toEqual(draft({ orderId: "ord_1" }));
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it("ignores unreadable or incomplete data", () => {
    sessionStorage.setItem(DRAFT_KEY, "{not json");
    expect(loadDraft()).toBeNull();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ product: "x", idempotencyKey: "short" }));
    expect(loadDraft()).toBeNull();
  });

  it("repairs odd values instead of failing", () => {
    sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ product: "x", idempotencyKey: "k".repeat(20), values: { quantity: -3, accept_terms: "yes" } }),
    );
    expect(loadDraft()?.values).toEqual(emptyValues);
  });

  it("makes uuid-like keys long enough for the server (16..100 chars)", () => {
    const key = newIdempotencyKey();
    expect(key.length).toBeGreaterThanOrEqual(16);
    expect(key.length).toBeLessThanOrEqual(100);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it("continues the same attempt for the same product and date", () => {
    const stored = draft();
    expect(draftFor(stored, "vertelavond", 7, makeKey)).toBe(stored);
  });

  it("keeps only the buyer's details for another product, with a new key", () => {
    const next = draftFor(draft(), "spiegelgevecht", null, makeKey);
    expect(next.idempotencyKey).not.toBe(draft().idempotencyKey);
    expect(next.values).toEqual({
      ...emptyValues,
      first_name: "Anna",
      last_name: "Peeters",
      email: "anna@voorbeeld.be",
      phone: "0470 11 22 33",
    });
    expect(next.orderId).toBeNull();
  });

  it("keeps quantity and coupon for another date of the same product", () => {
    const next = draftFor(draft(), "vertelavond", 8, makeKey);
    expect(next.values.quantity).toBe(2);
    expect(next.values.coupon).toBe("WELKOM10");
    expect(next.values.accept_consent).toBe(false);
    expect(next.idempotencyKey).not.toBe(draft().idempotencyKey);
  });

  it("starts empty without a stored draft", () => {
    expect(draftFor(null, "vertelavond", 7, makeKey).values).toEqual(emptyValues);
  });

  it("a new attempt keeps the answers and changes the key", () => {
    const next = withNewAttempt(draft({ orderId: "ord_1" }), makeKey);
    expect(next.values).toEqual(filled);
    expect(next.orderId).toBeNull();
    expect(next.idempotencyKey).toMatch(/^key-/);
  });

  it("finishing an attempt changes the key only for the order it made", () => {
    saveDraft(draft({ orderId: "ord_1" }));
    expect(finishAttempt("ord_other")?.idempotencyKey).toBe(draft().idempotencyKey);
    const finished = finishAttempt("ord_1");
    expect(finished?.idempotencyKey).not.toBe(draft().idempotencyKey);
    expect(finished?.orderId).toBeNull();
    expect(loadDraft()).toEqual(finished);
  });
});
