// Dutch labels for event kinds and statuses (admin area).
import type { BadgeTone } from "@/features/admin/components/badge";
import type { EventStatus } from "@/lib/api-types";

export const EVENT_STATUSES: EventStatus[] = ["draft", "published", "cancelled"];

const statusLabels: Record<EventStatus, string> = {
  draft: "Concept",
  published: "Gepubliceerd",
  cancelled: "Geannuleerd",
};

const statusTones: Record<EventStatus, BadgeTone> = {
  draft: "gold",
  published: "teal",
  cancelled: "red",
};

const kindLabels: Record<string, string> = {
  vertelavond: "Vertelavond",
  zelfbeeld: "Zelfbeeld-Ommekeer",
  webinar: "Webinar",
};

export function eventStatusLabel(status: string): string {
  return statusLabels[status as EventStatus] ?? status;
}

export function eventStatusTone(status: string): BadgeTone {
  return statusTones[status as EventStatus] ?? "plain";
}

export function eventKindLabel(kind: string): string {
  return kindLabels[kind] ?? kind;
}

/** "3 van 12 plaatsen bezet". */
export function seatsText(seatsTaken: number, capacity: number): string {
  return `${seatsTaken} van ${capacity} ${capacity === 1 ? "plaats" : "plaatsen"} bezet`;
}
