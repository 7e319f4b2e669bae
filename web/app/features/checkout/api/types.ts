// Hand-written per the commerce API contract (notes/commerce-contract.md); to be replaced by
// the types generated from the server's OpenAPI document (app/lib/api-schema.d.ts).
import type { ProductKind } from "@/features/products/api/types";

/** POST /api/checkout/quote body. */
export interface QuoteRequest {
  product: string;
  event_id?: number;
  quantity: number;
  coupon?: string;
}

/** POST /api/checkout/quote: the live price; nothing is stored. */
export interface Quote {
  product_name: string;
  event_title: string | null;
  unit_price_cents: number;
  quantity: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  vat_cents: number;
  vat_rate_percent: number;
  coupon: null | { code: string; label: string };
  seats_left: number | null;
  max_quantity: number;
}

/** GET /api/checkout/consent?product=slug: the consent text that applies to the product. */
export interface ConsentText {
  text: string;
}

/** POST /api/checkout body. */
export interface CheckoutRequest {
  idempotency_key: string;
  product: string;
  event_id?: number;
  quantity: number;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  company?: string;
  vat_number?: string;
  coupon?: string;
  accept_terms: boolean;
  accept_consent: boolean;
}

/** 201 (or 200 for a repeated idempotency key) from POST /api/checkout. */
export interface CheckoutStarted {
  order_id: string;
  checkout_url: string;
}

export type OrderStatus = "pending" | "paid" | "canceled" | "expired" | "failed" | "refunded";

export interface OrderEvent {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  venue_name: string | null;
  city: string | null;
  online_url: string | null;
}

/** GET /api/orders/{order_id} (public id). */
export interface OrderSummary {
  order_id: string;
  status: OrderStatus;
  product_slug: string;
  product_name: string;
  product_kind: ProductKind;
  event: OrderEvent | null;
  quantity: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  coupon_code: string | null;
  first_name: string;
  email: string;
  expires_at: string;
  paid_at: string | null;
  ticket_count: number;
  access_url: string | null;
}

export type SimulatedOutcome = "paid" | "canceled" | "failed";

/** GET /api/payments/simulated/{ref}. */
export interface SimulatedPayment {
  ref: string;
  order_id: string;
  description: string;
  amount_cents: number;
  status: string;
}

/** POST /api/payments/simulated/{ref}. */
export interface SimulatedPaymentResult {
  redirect_url: string;
}
