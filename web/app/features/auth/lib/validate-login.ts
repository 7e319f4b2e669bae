// The login form's own checks and its error texts (the server checks the same).
import { errorMessage, type FieldErrors } from "@/components/form/form-errors";
import { ApiError } from "@/lib/api";
import type { LoginRequest } from "@/lib/api-types";

export type LoginField = "email" | "password";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(input: LoginRequest): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  const email = (input.email ?? "").trim();
  if (!email) errors.email = "Vul je e-mailadres in.";
  else if (!EMAIL_PATTERN.test(email)) errors.email = "Dit lijkt geen geldig e-mailadres. Kijk het even na.";
  if (!input.password) errors.password = "Vul je wachtwoord in.";
  return errors;
}

/** "You can try again in about N minutes", from a 429's Retry-After seconds. */
export function waitText(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return "Wacht even en probeer het dan opnieuw.";
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Je kan het over ${minutes === 1 ? "ongeveer een minuut" : `ongeveer ${minutes} minuten`} opnieuw proberen.`;
}

/** The message above the login form: the server's own for 401 and 429 (plus how long to wait). */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const base = error.message || "Je hebt te vaak geprobeerd om in te loggen.";
    return error.message && !error.retryAfter ? base : `${base} ${waitText(error.retryAfter)}`;
  }
  if (error instanceof ApiError && error.status === 401) {
    return error.message || "Dit e-mailadres of wachtwoord klopt niet.";
  }
  return errorMessage(error, "Inloggen lukte niet. Probeer het straks opnieuw.");
}
