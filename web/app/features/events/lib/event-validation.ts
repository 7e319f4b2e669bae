// The zelfbeeld-event form's checks: the same rules the server applies (it checks again).
import type { FieldErrors } from "@/components/form/form-errors";
import { centsToEuroInput, parseEuroToCents } from "@/lib/euro";
import type { AdminEvent, EventInput, EventKind, EventStatus } from "@/lib/api-types";

/** Error keys are the server's input field names, so its `error.fields` land on the same inputs. */
export type EventField =
  | "title"
  | "description"
  | "starts_at"
  | "ends_at"
  | "venue_name"
  | "street"
  | "postal_code"
  | "city"
  | "online_url"
  | "capacity"
  | "price_cents"
  | "status"
  | "image_id";

export interface EventFormValues {
  title: string;
  description: string;
  /** Brussels wall time from <input type="datetime-local">, sent as-is. */
  starts_at: string;
  ends_at: string;
  venue_name: string;
  street: string;
  postal_code: string;
  city: string;
  /** The join link of an online event (webinars); left out = keep what the event had. */
  online_url?: string;
  capacity: string;
  /** Euros as typed: "1500", "1500,00" or "1.500,00". */
  price: string;
  status: EventStatus;
  /** A photo from the media library, or null. */
  image_id: number | null;
}

export const EVENT_LIMITS = { title: 120, description: 2000, capacity: 10_000 } as const;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function charCount(value: string): number {
  return [...value].length;
}

export function eventToForm(event: AdminEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? "",
    starts_at: event.starts_at_local,
    ends_at: event.ends_at_local,
    venue_name: event.venue_name ?? "",
    street: event.street ?? "",
    postal_code: event.postal_code ?? "",
    city: event.city ?? "",
    online_url: event.online_url ?? "",
    capacity: String(event.capacity),
    price: centsToEuroInput(event.price_cents),
    status: event.status,
    image_id: event.image_id ?? null,
  };
}

export function validateEvent(values: EventFormValues, seatsTaken = 0): FieldErrors<EventField> {
  const errors: FieldErrors<EventField> = {};
  const title = values.title.trim();
  if (!title) errors.title = "Geef de datum een titel.";
  else if (charCount(title) > EVENT_LIMITS.title) errors.title = `De titel mag hoogstens ${EVENT_LIMITS.title} tekens lang zijn.`;
  if (charCount(values.description.trim()) > EVENT_LIMITS.description)
    errors.description = `De beschrijving mag hoogstens ${EVENT_LIMITS.description} tekens lang zijn.`;

  if (!values.starts_at) errors.starts_at = "Kies wanneer het begint.";
  else if (!LOCAL_DATE_TIME.test(values.starts_at)) errors.starts_at = "Vul een geldige datum en uur in.";
  if (!values.ends_at) errors.ends_at = "Kies wanneer het eindigt.";
  else if (!LOCAL_DATE_TIME.test(values.ends_at)) errors.ends_at = "Vul een geldige datum en uur in.";
  else if (!errors.starts_at && values.ends_at <= values.starts_at)
    errors.ends_at = "Het einde moet na het begin liggen.";

  const onlineUrl = values.online_url?.trim() ?? "";
  if (onlineUrl && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(onlineUrl))
    errors.online_url = "Vul een volledige link in die begint met https://.";

  const capacity = values.capacity.trim();
  const seats = Number(capacity);
  if (!capacity) errors.capacity = "Vul het aantal plaatsen in.";
  else if (!/^\d+$/.test(capacity) || seats < 1 || seats > EVENT_LIMITS.capacity)
    errors.capacity = `Vul een heel getal in van 1 tot ${EVENT_LIMITS.capacity.toLocaleString("nl-BE")}.`;
  else if (seats < seatsTaken)
    errors.capacity = `Er ${seatsTaken === 1 ? "is al 1 plaats" : `zijn al ${seatsTaken} plaatsen`} geboekt; kies minstens ${seatsTaken}.`;

  if (!values.price.trim()) errors.price_cents = "Vul de prijs in euro in (0 voor gratis).";
  else if (parseEuroToCents(values.price) === null)
    errors.price_cents = "Vul een bedrag in euro in, bv. 1500 of 1.500,00.";

  if (!["draft", "published", "cancelled"].includes(values.status)) errors.status = "Kies een status.";
  return errors;
}

function optional(value: string): string | null {
  const v = value.trim();
  return v ? v : null;
}

/** The body for POST/PUT /api/admin/events; call only after validateEvent found nothing. */
export function eventFormToInput(
  values: EventFormValues,
  kind: EventKind,
  onlineUrl: string | null = null,
): EventInput {
  return {
    kind,
    title: values.title.trim(),
    description: values.description.trim(),
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    venue_name: optional(values.venue_name),
    street: optional(values.street),
    postal_code: optional(values.postal_code),
    city: optional(values.city),
    online_url: values.online_url === undefined ? onlineUrl : optional(values.online_url),
    capacity: Number(values.capacity.trim()),
    price_cents: parseEuroToCents(values.price) ?? 0,
    status: values.status,
    image_id: values.image_id,
  };
}
