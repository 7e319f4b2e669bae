// Dutch labels for intro calls, shared by the public pages and the admin area.
import { liveValue } from "@/config/site";
import type { CallMode } from "@/lib/api-types";

// The in-person label and hint name the city and address, live details: the booking form renders
// them with `<Live>`.
export const CALL_MODES: { value: CallMode; label: string; hint?: string }[] = [
  {
    value: "phone",
    label: "Telefonisch",
    hint: "We bellen je op het afgesproken moment.",
  },
  {
    value: "video",
    label: "Via video",
    hint: "Je krijgt vooraf een link voor het videogesprek.",
  },
  {
    value: "in_person",
    label: `In ${liveValue("city")}`,
  },
];

export function callModeLabel(mode: string): string {
  return CALL_MODES.find((m) => m.value === mode)?.label ?? mode;
}

export const WEEKDAYS = [
  "maandag",
  "dinsdag",
  "woensdag",
  "donderdag",
  "vrijdag",
  "zaterdag",
  "zondag",
] as const;
