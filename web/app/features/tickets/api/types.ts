// Hand-written from the commerce API contract (Admin API → Tickets); to be replaced by the
// types generated from the server's OpenAPI document (app/lib/api-schema.d.ts).

export type TicketStatus = "valid" | "checked_in" | "cancelled";

export interface Ticket {
  id: number;
  code: string;
  event_id: number;
  /** Null for a free registration (e.g. a free webinar). */
  order_id: number | null;
  order_public_id: string | null;
  holder_name: string;
  email: string;
  status: TicketStatus;
  /** UTC, RFC 3339. */
  checked_in_at: string | null;
  created_at: string;
}

export interface TicketPage {
  items: Ticket[];
  total: number;
  page: number;
  per_page: number;
}

/** POST /api/admin/tickets/check-in */
export interface CheckInResult {
  ticket: Ticket;
  event_title: string;
}
