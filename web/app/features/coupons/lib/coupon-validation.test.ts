import { describe, expect, it } from "vitest";
import type { Coupon } from "@/lib/api-types";
import {
  couponFormToInput,
  couponToForm,
  emptyCouponForm,
  parseDiscountValue,
  parsePercent,
  validateCoupon,
  type CouponFormValues,
} from "@/features/coupons/lib/coupon-validation";

const valid: CouponFormValues = { ...emptyCouponForm(), code: "zomer10", value: "10" };

describe("validateCoupon", () => {
  it("accepts a simple percentage coupon", () => {
    expect(validateCoupon(valid)).toEqual({});
  });

  it("checks the code", () => {
    expect(validateCoupon({ ...valid, code: "" }).code).toBeTruthy();
    expect(validateCoupon({ ...valid, code: "ab" }).code).toMatch(/3 tot 40/);
    expect(validateCoupon({ ...valid, code: "zomer!" }).code).toMatch(/letters, cijfers/);
    expect(validateCoupon({ ...valid, code: "zo mer" }).code).toBeUndefined();
  });

  it("checks the value per kind, keyed by the server's field name", () => {
    expect(validateCoupon({ ...valid, value: "" }).discount_value).toBeTruthy();
    expect(validateCoupon({ ...valid, value: "0" }).discount_value).toMatch(/1 tot 100/);
    expect(validateCoupon({ ...valid, value: "101" }).discount_value).toMatch(/1 tot 100/);
    expect(validateCoupon({ ...valid, value: "12,5" }).discount_value).toBeTruthy();
    expect(validateCoupon({ ...valid, discount_kind: "fixed", value: "5,00" })).toEqual({});
    expect(validateCoupon({ ...valid, discount_kind: "fixed", value: "0" }).discount_value).toMatch(/0,01 tot 10.000,00/);
    expect(validateCoupon({ ...valid, discount_kind: "fixed", value: "vijf" }).discount_value).toBeTruthy();
  });

  it("wants 'until' after 'from' and a whole limit", () => {
    const dates = { valid_from_local: "2026-06-01T00:00", valid_until_local: "2026-05-01T00:00" };
    expect(validateCoupon({ ...valid, ...dates }).valid_until_local).toMatch(/na/);
    expect(validateCoupon({ ...valid, valid_until_local: "2026-05-01T00:00" })).toEqual({});
    expect(validateCoupon({ ...valid, max_redemptions: "0" }).max_redemptions).toBeTruthy();
    expect(validateCoupon({ ...valid, max_redemptions: "2.5" }).max_redemptions).toBeTruthy();
    expect(validateCoupon({ ...valid, max_redemptions: "3" })).toEqual({});
  });
});

describe("parsing the discount", () => {
  it("reads percentages and euros", () => {
    expect(parsePercent("10%")).toBe(10);
    expect(parsePercent(" 100 ")).toBe(100);
    expect(parsePercent("1.5")).toBeNull();
    expect(parseDiscountValue("fixed", "1.500,00")).toBe(150000);
    expect(parseDiscountValue("fixed", "€ 5")).toBe(500);
  });
});

describe("couponFormToInput", () => {
  it("sends the normalised code, the value in the server's unit and empty fields as null", () => {
    expect(couponFormToInput({ ...valid, code: " zomer 10 " })).toEqual({
      code: "ZOMER10",
      discount_kind: "percent",
      discount_value: 10,
      product_slug: null,
      valid_from_local: null,
      valid_until_local: null,
      max_redemptions: null,
      active: true,
    });
    expect(
      couponFormToInput({
        ...valid,
        discount_kind: "fixed",
        value: "5,50",
        product_slug: "vertelavond",
        valid_until_local: "2026-12-31T23:59",
        max_redemptions: "3",
        active: false,
      }),
    ).toMatchObject({ discount_value: 550, product_slug: "vertelavond", valid_until_local: "2026-12-31T23:59", max_redemptions: 3, active: false });
  });

  it("round-trips a coupon from the server", () => {
    const coupon: Coupon = {
      id: 1,
      code: "VRIEND5",
      discount_kind: "fixed",
      discount_value: 500,
      product_slug: null,
      product_name: null,
      valid_from_local: null,
      valid_until_local: "2026-12-31T23:59",
      valid_from: null,
      valid_until: "2026-12-31T22:59:00.000000Z",
      max_redemptions: 3,
      redemptions: 1,
      paid_orders: 1,
      discount_given_cents: 500,
      active: true,
      created_at: "2026-01-01T10:00:00.000000Z",
    };
    const form = couponToForm(coupon);
    expect(form).toMatchObject({ code: "VRIEND5", value: "5,00", max_redemptions: "3", product_slug: "" });
    expect(couponFormToInput(form)).toMatchObject({ discount_value: 500, max_redemptions: 3, valid_until_local: "2026-12-31T23:59" });
  });
});
