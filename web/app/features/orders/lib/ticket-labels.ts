// Tickets in the admin: Dutch status labels, the check-in code as typed or scanned, seat counts.
import type { BadgeTone } from "@/components/admin/badge";
import type { TicketStatus } from "@/lib/api-types";

const labels: Record<TicketStatus, string> = {
  valid: "Geldig",
  checked_in: "Ingecheckt",
  cancelled: "Geannuleerd",
};

const tones: Record<TicketStatus, BadgeTone> = {
  valid: "teal",
  checked_in: "gold",
  cancelled: "red",
};

export function ticketStatusLabel(status: TicketStatus): string {
  return labels[status];
}

export function ticketStatusTone(status: TicketStatus): BadgeTone {
  return tones[status];
}

/**
 * What a scanner or the coach typed, cleaned up for the server: no surrounding or inner
 * whitespace, upper case. A scanned link to a ticket (…?code=X or …/X) gives its code.
 */
export function normalizeTicketCode(input: string): string {
  let s = input.trim();
  if (/^https?:\/\//i.test(s)) {
    try {
      const url = new URL(s);
      s = url.searchParams.get("code") ?? url.pathname.split("/").filter(Boolean).pop() ?? "";
    } catch {
      // not a link after all: use it as typed
    }
  }
  return s.replace(/[\s\u00a0\u202f]+/g, "").toUpperCase();
}

/** "7 / 10 plaatsen bezet". */
export function seatsTakenLabel(seatsTaken: number, capacity: number): string {
  return `${seatsTaken} / ${capacity} ${capacity === 1 ? "plaats" : "plaatsen"} bezet`;
}
