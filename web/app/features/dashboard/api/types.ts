// The dashboard's commerce additions, hand-written from the commerce API contract; to be
// replaced by the types generated from the server's OpenAPI document.
import type { AdminOrder } from "@/features/orders/api/types";
import type { DashboardSummary } from "@/lib/api-types";

export interface MonthlyRevenue {
  /** A Brussels calendar month, "2026-11". */
  month: string;
  total_cents: number;
  orders: number;
}

export interface EventTicketSales {
  event_id: number;
  title: string;
  starts_at: string;
  kind: string;
  capacity: number;
  seats_taken: number;
  tickets_sold: number;
  checked_in: number;
}

export type CommerceDashboard = DashboardSummary & {
  /** The last 12 Brussels months, oldest first. */
  revenue_by_month: MonthlyRevenue[];
  /** Upcoming events. */
  tickets_by_event: EventTicketSales[];
  /** Orders with `attention` set, or failed in the last 30 days (at most 10). */
  attention_orders: AdminOrder[];
};
