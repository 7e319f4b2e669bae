// What the catalogue pages and the checkout say about a date: when, and how many seats are left.
import type { PublicEvent } from "@/lib/api-types";
import { formatDate, formatTime, isSameBrusselsDay } from "@/lib/format";

/** "donderdag 27 november 2025, 19:30–22:00"; over several days "… 09:30 tot woensdag … 17:00". */
export function formatEventWhen(startsAt: string, endsAt: string | null | undefined): string {
  if (!endsAt) return `${formatDate(startsAt)}, ${formatTime(startsAt)}`;
  if (isSameBrusselsDay(startsAt, endsAt)) {
    return `${formatDate(startsAt)}, ${formatTime(startsAt)}–${formatTime(endsAt)}`;
  }
  return `${formatDate(startsAt)}, ${formatTime(startsAt)} tot ${formatDate(endsAt)}, ${formatTime(endsAt)}`;
}

/** "Nog 4 plaatsen", "Nog 1 plaats", "Uitverkocht". */
export function seatsLabel(seatsLeft: number): string {
  if (seatsLeft <= 0) return "Uitverkocht";
  return `Nog ${seatsLeft} ${seatsLeft === 1 ? "plaats" : "plaatsen"}`;
}

export function isBookable(event: Pick<PublicEvent, "seats_left" | "status">): boolean {
  return event.status !== "cancelled" && event.seats_left > 0;
}

/** The most one order may hold: the product's per-order maximum, and never more than the seats left. */
export function maxQuantity(maxPerOrder: number, seatsLeft: number | null | undefined): number {
  const perOrder = Math.max(1, Math.floor(maxPerOrder) || 1);
  if (seatsLeft === null || seatsLeft === undefined) return perOrder;
  return Math.max(0, Math.min(perOrder, Math.floor(seatsLeft)));
}

/** Where a date takes place, in one line ("Zaal De Bron, Voorbeeldstraat 1, 2800 Mechelen" / "Online"). */
export function venueLine(
  event: Pick<PublicEvent, "venue_name" | "street" | "postal_code" | "city" | "online_url">,
): string | null {
  const cityLine = [event.postal_code, event.city].filter(Boolean).join(" ");
  const parts = [event.venue_name, event.street, cityLine].filter((v): v is string => Boolean(v));
  if (parts.length > 0) return parts.join(", ");
  return event.online_url ? "Online" : null;
}
