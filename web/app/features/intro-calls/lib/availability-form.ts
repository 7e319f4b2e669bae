// The availability form's values (text inputs) and their conversion to and from the API.
import type { FieldErrors } from "@/components/form/form-errors";
import type { AvailabilityForm } from "@/lib/api-types";

export type AvailabilityField =
  "slot_minutes" | "buffer_minutes" | "min_notice_hours" | "weeks_ahead" | "rules" | "blocked";

export interface AvailabilityValues {
  slot_minutes: string;
  buffer_minutes: string;
  min_notice_hours: string;
  weeks_ahead: string;
  rules: { weekday: number; start: string; end: string }[];
  blocked: { first_day: string; last_day: string; note: string }[];
}

export function availabilityToForm(a: AvailabilityForm): AvailabilityValues {
  return {
    slot_minutes: String(a.slot_minutes),
    buffer_minutes: String(a.buffer_minutes),
    min_notice_hours: String(a.min_notice_hours),
    weeks_ahead: String(a.weeks_ahead),
    rules: a.rules.map((r) => ({ ...r })),
    blocked: a.blocked.map((b) => ({ ...b })),
  };
}

export function formToAvailability(v: AvailabilityValues): AvailabilityForm {
  return {
    slot_minutes: Number(v.slot_minutes),
    buffer_minutes: Number(v.buffer_minutes),
    min_notice_hours: Number(v.min_notice_hours),
    weeks_ahead: Number(v.weeks_ahead),
    rules: v.rules,
    blocked: v.blocked.map((b) => ({ ...b, note: b.note.trim() })),
  };
}

const whole = (text: string, min: number, max: number) => {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(n) && n >= min && n <= max;
};

/** The same checks as the server, one message per part of the form. */
export function validateAvailability(v: AvailabilityValues): FieldErrors<AvailabilityField> {
  const errors: FieldErrors<AvailabilityField> = {};
  if (!whole(v.slot_minutes, 10, 240)) errors.slot_minutes = "Kies een gesprekslengte van 10 tot 240 minuten.";
  if (!whole(v.buffer_minutes, 0, 240)) errors.buffer_minutes = "Kies een pauze van 0 tot 240 minuten.";
  if (!whole(v.min_notice_hours, 0, 720)) errors.min_notice_hours = "Kies een minimale termijn van 0 tot 720 uur.";
  if (!whole(v.weeks_ahead, 1, 52)) errors.weeks_ahead = "Kies van 1 tot 52 weken vooruit.";
  const time = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
  for (const r of v.rules) {
    if (!time.test(r.start) || !time.test(r.end)) {
      errors.rules = "Vul bij elk tijdsblok geldige uren in, bv. 09:00 en 12:00.";
    } else if (r.end <= r.start) {
      errors.rules = `${r.start}–${r.end}: het einde moet na het begin liggen.`;
    } else if (v.rules.some((o) => o !== r && o.weekday === r.weekday && r.start < o.end && o.start < r.end)) {
      errors.rules = "Twee tijdsblokken op dezelfde dag overlappen.";
    }
  }
  for (const b of v.blocked) {
    if (!b.first_day || !b.last_day) errors.blocked = "Kies geldige data voor de geblokkeerde periode.";
    else if (b.last_day < b.first_day)
      errors.blocked = "Een geblokkeerde periode moet eindigen op of na de eerste dag.";
  }
  return errors;
}
