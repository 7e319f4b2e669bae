// Turning API errors into what a form shows: one message per field, plus a general one.
import { ApiError } from "@/lib/api";

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export const GENERIC_ERROR = "Er ging iets mis. Probeer het straks opnieuw.";
export const NETWORK_ERROR = "De server is niet bereikbaar. Controleer je internetverbinding en probeer het opnieuw.";

/** The server's own Dutch message, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message ? error.message : undefined;
}

/** The Dutch message to show for any error (the server's own when it sent one). */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR): string {
  const message = serverMessage(error);
  if (message) return message;
  return error instanceof ApiError && error.status === 0 ? NETWORK_ERROR : fallback;
}

/**
 * The server's per-field messages (422 `error.fields`): those for fields on the form (all of
 * them when `onForm` is not given) go next to their field, the rest into one general message.
 */
export function serverFieldErrors<K extends string = string>(
  error: unknown,
  onForm?: readonly K[],
): { fields: FieldErrors<K>; other: string[] } {
  const fields: FieldErrors<K> = {};
  const other: string[] = [];
  const all = error instanceof ApiError && error.fields ? error.fields : {};
  for (const [key, message] of Object.entries(all)) {
    if (!onForm || (onForm as readonly string[]).includes(key)) fields[key as K] = message;
    else other.push(message);
  }
  return { fields, other };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * After a failed submit: the first field marked invalid (in screen order) gets the focus, or
 * else the form's general message (`<FormAlert>`), once they have rendered.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    (form?.querySelector<HTMLElement>("[aria-invalid='true']") ?? form?.querySelector<HTMLElement>("[role='alert'][tabindex]"))?.focus(),
  );
}
