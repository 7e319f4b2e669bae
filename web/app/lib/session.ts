// Pure helpers for the admin session: how it is stored, when it needs a refresh,
// and where the login page may send the coach afterwards.
import type { Session } from "@/lib/api-types";

/** The one localStorage key that holds the admin session (shared by all tabs). */
export const SESSION_STORAGE_KEY = "inlumine.admin.session";
/** Refresh when fewer than this many milliseconds remain before the access token expires. */
export const REFRESH_MARGIN_MS = 90_000;
/** How often the signed-in admin checks whether a refresh is due. */
export const REFRESH_CHECK_INTERVAL_MS = 5_000;
/** Where the coach lands after signing in when no (safe) `next` is given. */
export const DEFAULT_ADMIN_PATH = "/admin/dashboard";
/** Where a password sign-in goes when the account waits for a new passkey (after a reset link). */
export const NEW_PASSKEY_PATH = "/admin/nieuwe-passkey";
export const LOGIN_PATH = "/admin/login";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A session as the server sends it; anything else (or a non-admin user) counts as no session. */
export function isAdminSession(value: unknown): value is Session {
  if (!isObject(value) || !isObject(value.user)) return false;
  return (
    typeof value.access_token === "string" &&
    value.access_token.length > 0 &&
    typeof value.refresh_token === "string" &&
    value.refresh_token.length > 0 &&
    typeof value.expires_at === "string" &&
    typeof value.user.email === "string" &&
    value.user.role === "admin"
  );
}

/** Parses what localStorage holds; null for nothing, garbage or a non-admin session. */
export function parseStoredSession(raw: string | null | undefined): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isAdminSession(value) ? value : null;
  } catch {
    return null;
  }
}

/** Milliseconds until the access token expires (negative once expired; -Infinity when unreadable). */
export function msUntilExpiry(session: Pick<Session, "expires_at">, now: number = Date.now()): number {
  const expiresAt = Date.parse(session.expires_at);
  return Number.isNaN(expiresAt) ? -Infinity : expiresAt - now;
}

/** True when less than `margin` ms remain before the access token expires. */
export function needsRefresh(
  session: Pick<Session, "expires_at">,
  now: number = Date.now(),
  margin: number = REFRESH_MARGIN_MS,
): boolean {
  return msUntilExpiry(session, now) < margin;
}

/**
 * The `next` query parameter of the login page, if it is a local admin page
 * (never another site, never the login page itself); else the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || /[\\\s]/.test(next)) return DEFAULT_ADMIN_PATH;
  let url: URL;
  try {
    url = new URL(next, "http://inlumine.invalid");
  } catch {
    return DEFAULT_ADMIN_PATH;
  }
  if (url.origin !== "http://inlumine.invalid") return DEFAULT_ADMIN_PATH;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path !== "/admin" && !path.startsWith("/admin/")) return DEFAULT_ADMIN_PATH;
  if (path === LOGIN_PATH) return DEFAULT_ADMIN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page that returns to `next` after signing in. */
export function loginPathFor(next: string): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(next)}`;
}
