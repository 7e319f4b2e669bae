import { describe, expect, it } from "vitest";
import {
  couponState,
  discountLabel,
  normalizeCouponCode,
  productLabel,
  usageLabel,
} from "@/features/coupons/lib/coupon-labels";

describe("coupon labels", () => {
  it("normalises a code the way it is stored: no spaces, upper case", () => {
    expect(normalizeCouponCode("  zomer 10 ")).toBe("ZOMER10");
    expect(normalizeCouponCode("Vriend-25")).toBe("VRIEND-25");
    expect(normalizeCouponCode("a\u00a0b")).toBe("AB");
  });

  it("shows a percentage or a euro amount", () => {
    expect(discountLabel("percent", 10)).toBe("10%");
    expect(discountLabel("fixed", 500)).toBe("€ 5,00");
    expect(discountLabel("fixed", 150000)).toBe("€ 1.500,00");
  });

  it("shows usage against the limit, or unlimited", () => {
    expect(usageLabel(2, 3)).toBe("2 / 3");
    expect(usageLabel(2, null)).toBe("2 / onbeperkt");
  });

  it("names the product or all products", () => {
    expect(productLabel({ product_slug: null, product_name: null })).toBe("Alle producten");
    expect(productLabel({ product_slug: "vertelavond", product_name: "Vertelavond" })).toBe("Vertelavond");
  });

  it("tells whether a coupon can be used now", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const base = { active: true, valid_from: null, valid_until: null, redemptions: 0, max_redemptions: null };
    expect(couponState(base, now).label).toBe("Actief");
    expect(couponState({ ...base, active: false }, now).label).toBe("Inactief");
    expect(couponState({ ...base, valid_until: "2026-05-31T22:00:00Z" }, now).label).toBe("Verlopen");
    expect(couponState({ ...base, valid_from: "2026-07-01T00:00:00Z" }, now).label).toBe("Nog niet geldig");
    expect(couponState({ ...base, redemptions: 3, max_redemptions: 3 }, now).label).toBe("Volledig gebruikt");
  });
});
