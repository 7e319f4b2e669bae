import { describe, expect, it } from "vitest";
import type { Quote } from "@/lib/api-types";
import { breakdownRows, formatDiscountCents, vatParts } from "@/features/checkout/lib/price";

const quote: Quote = {
  product_name: "Vertelavond",
  event_title: "Vertelavond: Pleasen, Slikken en Loslaten",
  unit_price_cents: 3500,
  quantity: 2,
  subtotal_cents: 7000,
  discount_cents: 700,
  total_cents: 6300,
  vat_cents: 1093,
  vat_rate_percent: 21,
  coupon: { code: "WELKOM10", label: "10% korting" },
  seats_left: 18,
  max_quantity: 10,
};

describe("price breakdown", () => {
  it("writes a discount with a real minus sign", () => {
    expect(formatDiscountCents(700)).toBe("\u2212€ 7,00");
  });

  it("states the VAT included in the total", () => {
    expect(vatParts(quote)).toEqual({ rate: "21", amount: "€ 10,93" });
    expect(vatParts({ vat_cents: 0, vat_rate_percent: 0 })).toBeNull();
    expect(vatParts({ vat_cents: 1, vat_rate_percent: 5.5 })).toEqual({ rate: "5,5", amount: "€ 0,01" });
  });

  it("lists subtotal, discount and total", () => {
    expect(breakdownRows(quote)).toEqual([
      { key: "subtotal", detail: "2 × € 35,00", value: "€ 70,00" },
      { key: "discount", detail: "WELKOM10, 10% korting", value: "\u2212€ 7,00" },
      { key: "total", detail: null, value: "€ 63,00" },
    ]);
  });

  it("leaves out the discount row without a discount, and the multiplication for one item", () => {
    const single = { ...quote, quantity: 1, subtotal_cents: 150000, discount_cents: 0, total_cents: 150000, coupon: null };
    expect(breakdownRows(single)).toEqual([
      { key: "subtotal", detail: null, value: "€ 1.500,00" },
      { key: "total", detail: null, value: "€ 1.500,00" },
    ]);
  });
});
