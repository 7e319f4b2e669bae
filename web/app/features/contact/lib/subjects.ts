// The subjects of the contact form; the keys are the ones the server accepts.
import type { ContactSubject } from "@/lib/api-types";

export const CONTACT_SUBJECTS = [
  { value: "coaching", label: "Vraag over coaching" },
  { value: "kennismaking", label: "Kennismakingsgesprek" },
  { value: "vertelavond-webinar", label: "Vertelavond of webinar" },
  { value: "cursus", label: "Cursus of Zelfbeeld-Ommekeer" },
  { value: "anders", label: "Iets anders" },
] as const satisfies readonly { value: ContactSubject; label: string }[];

export const MAX_MESSAGE_CHARS = 5000;
