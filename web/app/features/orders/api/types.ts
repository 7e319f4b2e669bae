// Hand-written from the commerce API contract (Admin API → Orders); to be replaced by the
// types generated from the server's OpenAPI document (app/lib/api-schema.d.ts).
import type { Ticket } from "@/features/tickets/api/types";

export type OrderStatus = "pending" | "paid" | "canceled" | "expired" | "failed" | "refunded";

export interface AdminOrder {
  id: number;
  public_id: string;
  status: OrderStatus;
  /** Set when the coach must act, e.g. "refund_needed" (paid after expiry without a seat). */
  attention: string | null;
  product_name: string;
  event_title: string | null;
  quantity: number;
  first_name: string;
  last_name: string;
  email: string;
  total_cents: number;
  discount_cents: number;
  coupon_code: string | null;
  /** "simulated", "stripe" or "mollie". */
  provider: string;
  provider_ref: string | null;
  /** UTC, RFC 3339. */
  created_at: string;
  paid_at: string | null;
}

export interface OrderHistoryEntry {
  status: string;
  note: string;
  created_at: string;
}

export interface AdminOrderDetail extends AdminOrder {
  phone: string | null;
  company: string | null;
  vat_number: string | null;
  unit_price_cents: number;
  subtotal_cents: number;
  consent_text: string;
  terms_accepted_at: string;
  expires_at: string;
  history: OrderHistoryEntry[];
  tickets: Ticket[];
}

export interface OrderPage {
  items: AdminOrder[];
  total: number;
  page: number;
  per_page: number;
}
