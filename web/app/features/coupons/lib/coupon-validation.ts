// The coupon form's checks: the same rules the server applies (it checks again).
import type { FieldErrors } from "@/components/form/form-errors";
import type { Coupon, CouponInput, DiscountKind } from "@/lib/api-types";
import { normalizeCouponCode } from "@/features/coupons/lib/coupon-labels";
import { centsToEuroInput, parseEuroToCents } from "@/lib/euro";

/** Error keys are the server's input field names, so its `error.fields` land on the same inputs. */
export type CouponField =
  | "code"
  | "discount_kind"
  | "discount_value"
  | "product_slug"
  | "valid_from_local"
  | "valid_until_local"
  | "max_redemptions"
  | "active";

export interface CouponFormValues {
  code: string;
  discount_kind: DiscountKind;
  /** As typed: a whole percentage ("10") or euros ("5", "5,00"). */
  value: string;
  /** "" = all products. */
  product_slug: string;
  /** Brussels wall time from <input type="datetime-local">, "" when open-ended. */
  valid_from_local: string;
  valid_until_local: string;
  /** "" = unlimited. */
  max_redemptions: string;
  active: boolean;
}

export const COUPON_LIMITS = { codeMin: 3, codeMax: 40, maxRedemptions: 100_000, maxFixedCents: 1_000_000 } as const;

const CODE = /^[A-Z0-9_-]+$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export function emptyCouponForm(): CouponFormValues {
  return {
    code: "",
    discount_kind: "percent",
    value: "",
    product_slug: "",
    valid_from_local: "",
    valid_until_local: "",
    max_redemptions: "",
    active: true,
  };
}

export function couponToForm(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    discount_kind: coupon.discount_kind,
    value: coupon.discount_kind === "percent" ? String(coupon.discount_value) : centsToEuroInput(coupon.discount_value),
    product_slug: coupon.product_slug ?? "",
    valid_from_local: coupon.valid_from_local ?? "",
    valid_until_local: coupon.valid_until_local ?? "",
    max_redemptions: String(coupon.max_redemptions ?? ""),
    active: coupon.active,
  };
}

/** "10", "10%" or "10 %" → 10; anything else (decimals, 0, above 100) → null. */
export function parsePercent(input: string): number | null {
  const s = input.replace(/[\s\u00a0\u202f]/g, "").replace(/%$/, "");
  if (!/^\d{1,3}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 100 ? n : null;
}

/** The discount in the server's unit (percent, or cents), or null when it is not valid. */
export function parseDiscountValue(kind: DiscountKind, input: string): number | null {
  if (kind === "percent") return parsePercent(input);
  const cents = parseEuroToCents(input);
  return cents !== null && cents >= 1 && cents <= COUPON_LIMITS.maxFixedCents ? cents : null;
}

export function validateCoupon(values: CouponFormValues): FieldErrors<CouponField> {
  const errors: FieldErrors<CouponField> = {};
  const code = normalizeCouponCode(values.code);
  if (!code) errors.code = "Vul een code in.";
  else if (code.length < COUPON_LIMITS.codeMin || code.length > COUPON_LIMITS.codeMax)
    errors.code = `De code is ${COUPON_LIMITS.codeMin} tot ${COUPON_LIMITS.codeMax} tekens lang.`;
  else if (!CODE.test(code)) errors.code = "Gebruik enkel letters, cijfers, - en _ (geen spaties of accenten).";

  if (values.discount_kind !== "percent" && values.discount_kind !== "fixed") errors.discount_kind = "Kies een soort korting.";
  else if (!values.value.trim())
    errors.discount_value = values.discount_kind === "percent" ? "Vul het percentage in." : "Vul het bedrag in euro in.";
  else if (parseDiscountValue(values.discount_kind, values.value) === null)
    errors.discount_value =
      values.discount_kind === "percent"
        ? "Vul een heel percentage in van 1 tot 100."
        : "Vul een bedrag in euro in van 0,01 tot 10.000,00, bv. 5 of 5,00.";

  if (values.valid_from_local && !LOCAL_DATE_TIME.test(values.valid_from_local))
    errors.valid_from_local = "Vul een geldige datum en uur in.";
  if (values.valid_until_local && !LOCAL_DATE_TIME.test(values.valid_until_local))
    errors.valid_until_local = "Vul een geldige datum en uur in.";
  else if (
    values.valid_from_local &&
    values.valid_until_local &&
    !errors.valid_from_local &&
    values.valid_until_local <= values.valid_from_local
  )
    errors.valid_until_local = "‘Geldig tot’ moet na ‘Geldig vanaf’ liggen.";

  const max = values.max_redemptions.trim();
  if (max && (!/^\d+$/.test(max) || Number(max) < 1 || Number(max) > COUPON_LIMITS.maxRedemptions))
    errors.max_redemptions = `Vul een heel getal in van 1 tot ${COUPON_LIMITS.maxRedemptions.toLocaleString("nl-BE")}, of laat leeg voor onbeperkt.`;
  return errors;
}

/** The body for POST/PUT /api/admin/coupons; call only after validateCoupon found nothing. */
export function couponFormToInput(values: CouponFormValues): CouponInput {
  const max = values.max_redemptions.trim();
  return {
    code: normalizeCouponCode(values.code),
    discount_kind: values.discount_kind,
    discount_value: parseDiscountValue(values.discount_kind, values.value) ?? 0,
    product_slug: values.product_slug || null,
    valid_from_local: values.valid_from_local || null,
    valid_until_local: values.valid_until_local || null,
    max_redemptions: max ? Number(max) : null,
    active: values.active,
  };
}
