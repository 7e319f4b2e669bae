// Hand-written from the commerce API contract (Admin API → Coupons); to be replaced by the
// types generated from the server's OpenAPI document (app/lib/api-schema.d.ts).

export type DiscountKind = "percent" | "fixed";

export interface Coupon {
  id: number;
  code: string;
  discount_kind: DiscountKind;
  /** percent: 1..100; fixed: euro cents. */
  discount_value: number;
  product_slug: string | null;
  product_name: string | null;
  /** Brussels wall time "YYYY-MM-DDTHH:MM" (for a datetime-local input). */
  valid_from_local: string | null;
  valid_until_local: string | null;
  /** UTC, RFC 3339. */
  valid_from: string | null;
  valid_until: string | null;
  max_redemptions: number | null;
  redemptions: number;
  paid_orders: number;
  discount_given_cents: number;
  active: boolean;
  created_at: string;
}

export interface CouponInput {
  code: string;
  discount_kind: DiscountKind;
  discount_value: number;
  product_slug: string | null;
  valid_from_local: string | null;
  valid_until_local: string | null;
  max_redemptions: number | null;
  active: boolean;
}

export interface CouponPage {
  items: Coupon[];
  total: number;
  page: number;
  per_page: number;
}

/** GET /api/products (active products only). */
export interface Product {
  slug: string;
  name: string;
  description: string;
  kind: "course" | "event";
  event_kind: null | "vertelavond" | "zelfbeeld" | "webinar";
  price_cents: number;
  page_path: string;
  max_per_order: number;
}
