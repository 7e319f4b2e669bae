// Turning API errors into what the admin forms show: one message per field, plus a general one.
import { ApiError } from "@/lib/api";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export const GENERIC_ERROR = "Er ging iets mis. Probeer het straks opnieuw.";
export const NETWORK_ERROR = "De server is niet bereikbaar. Controleer je internetverbinding en probeer opnieuw.";

/** The Dutch message to show for any error (the server's own when it sent one). */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.status === 0) return NETWORK_ERROR;
  }
  return fallback;
}

/** The server's per-field messages (422 `error.fields`), keyed by input name. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiError && error.fields ? { ...error.fields } : {};
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
