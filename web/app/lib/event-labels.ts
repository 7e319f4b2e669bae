// Dutch labels for event kinds and statuses (admin area).
import type { BadgeTone } from "@/components/admin/badge";
import type { EventKind, EventStatus } from "@/lib/api-types";

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

const kindLabels: Record<EventKind, string> = {
  vertelavond: "Vertelavond",
  zelfbeeld: "Zelfbeeld-Ommekeer",
  webinar: "Webinar",
};

export function eventStatusLabel(status: EventStatus): string {
  return statusLabels[status];
}

export function eventStatusTone(status: EventStatus): BadgeTone {
  return statusTones[status];
}

export function eventKindLabel(kind: EventKind): string {
  return kindLabels[kind];
}

/** "3 van 12 plaatsen bezet". */
export function seatsText(seatsTaken: number, capacity: number): string {
  return `${seatsTaken} van ${capacity} ${capacity === 1 ? "plaats" : "plaatsen"} bezet`;
}

/** How the admin names a new or edited event of each kind. */
export interface EventKindCopy {
  /** The "new" button and its dialog's title. */
  newLabel: string;
  editTitle: string;
  /** The delete confirmation's title. */
  deleteTitle: string;
  /** Who comes: the heading of the per-event list ("Tickets" or "Boekingen"). */
  attendees: string;
}

const kindCopy: Record<EventKind, EventKindCopy> = {
  zelfbeeld: { newLabel: "Nieuwe datum", editTitle: "Datum bewerken", deleteTitle: "Datum verwijderen?", attendees: "Boekingen" },
  vertelavond: {
    newLabel: "Nieuwe vertelavond",
    editTitle: "Vertelavond bewerken",
    deleteTitle: "Vertelavond verwijderen?",
    attendees: "Tickets",
  },
  webinar: { newLabel: "Nieuw webinar", editTitle: "Webinar bewerken", deleteTitle: "Webinar verwijderen?", attendees: "Tickets" },
};

export function eventKindCopy(kind: EventKind): EventKindCopy {
  return kindCopy[kind];
}
