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

/** A 429's message with how long to wait, or undefined for any other error. */
export function tooOftenMessage(error: unknown, fallback: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined;
  const base = error.message || fallback;
  return error.message && !error.retryAfter ? base : `${base} ${waitText(error.retryAfter)}`;
}

/** The message above the login form: the server's own for 401 and 429 (plus how long to wait). */
export function loginErrorMessage(error: unknown): string {
  const tooOften = tooOftenMessage(error, "Je hebt te vaak geprobeerd om in te loggen.");
  if (tooOften) return tooOften;
  if (error instanceof ApiError && error.status === 401) {
    return error.message || "Dit e-mailadres of wachtwoord klopt niet.";
  }
  return errorMessage(error, "Inloggen lukte niet. Probeer het straks opnieuw.");
}

/** The same rule as the server (and `inlumine create-admin`): at least 10, at most 200 characters. */
export const PASSWORD_MIN_LENGTH = 10;
const PASSWORD_MAX_LENGTH = 200;

export type NewPasswordField = "password" | "repeat";

export function validateNewPassword(input: { password: string; repeat: string }): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {};
  const length = [...input.password].length;
  if (length < PASSWORD_MIN_LENGTH) errors.password = `Kies een wachtwoord van minstens ${PASSWORD_MIN_LENGTH} tekens.`;
  else if (length > PASSWORD_MAX_LENGTH) errors.password = `Kies een wachtwoord van hoogstens ${PASSWORD_MAX_LENGTH} tekens.`;
  if (!errors.password && input.repeat !== input.password) errors.repeat = "De twee wachtwoorden zijn niet gelijk.";
  return errors;
}
