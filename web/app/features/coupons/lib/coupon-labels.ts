// How a coupon reads in the admin: its discount, usage and current state (nl-BE).
import type { BadgeTone } from "@/components/admin/badge";
import type { Coupon, DiscountKind } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

/** What the coach types becomes the code as stored: no spaces, upper case ("zomer 10" → "ZOMER10"). */
export function normalizeCouponCode(input: string): string {
  return input.replace(/[\s\u00a0\u202f]+/g, "").toUpperCase();
}

/** "10%" or "€ 5,00". */
export function discountLabel(kind: DiscountKind, value: number): string {
  return kind === "percent" ? `${value}%` : formatPriceCents(value);
}

/** "2 / 3" or "2 / onbeperkt". */
export function usageLabel(redemptions: number, maxRedemptions: Coupon["max_redemptions"]): string {
  return `${redemptions} / ${maxRedemptions ?? "onbeperkt"}`;
}

export const ALL_PRODUCTS_LABEL = "Alle producten";

export function productLabel(coupon: Pick<Coupon, "product_slug" | "product_name">): string {
  if (!coupon.product_slug) return ALL_PRODUCTS_LABEL;
  return coupon.product_name ?? coupon.product_slug;
}

export interface CouponState {
  label: string;
  tone: BadgeTone;
}

/** Whether the coupon can be used right now, and if not, why not. */
export function couponState(
  coupon: Pick<Coupon, "active" | "valid_from" | "valid_until" | "redemptions" | "max_redemptions">,
  now: Date = new Date(),
): CouponState {
  if (!coupon.active) return { label: "Inactief", tone: "plain" };
  if (coupon.valid_until && new Date(coupon.valid_until).getTime() <= now.getTime()) return { label: "Verlopen", tone: "red" };
  if (coupon.redemptions >= (coupon.max_redemptions ?? Infinity))
    return { label: "Volledig gebruikt", tone: "gold" };
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > now.getTime()) return { label: "Nog niet geldig", tone: "gold" };
  return { label: "Actief", tone: "teal" };
}
