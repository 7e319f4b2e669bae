// The admin session, kept in localStorage under one key so that every tab shares it.
// Refreshing happens in ONE place: refreshSession() shares a single in-flight promise
// within the tab and takes a cross-tab lock (Web Locks API), so two tabs never
// rotate the same refresh token at once (the server would see that as reuse).
import { useSyncExternalStore } from "react";
import {
  isAdminSession,
  needsRefresh,
  parseStoredSession,
  REFRESH_CHECK_INTERVAL_MS,
  SESSION_STORAGE_KEY,
} from "@/lib/session";
import { ApiError, apiClient, unwrap } from "@/lib/api";
import type { LoginRequest, RefreshRequest, Session } from "@/lib/api-types";

/** Why the session was last cleared in this tab (the login page explains an expiry). */
export type ClearReason = "signed-out" | "expired";

const REFRESH_LOCK_NAME = "inlumine.admin.session.refresh";
const REFRESH_TIMEOUT_MS = 15_000;

export const NOT_AN_ADMIN_MESSAGE =
  "Dit account heeft geen toegang tot het beheer. Meld je aan met het account van de beheerder.";
export const SESSION_EXPIRED_MESSAGE = "Je sessie is verlopen. Meld je opnieuw aan.";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;
let inflight: Promise<Session | null> | null = null;
let lastClearReason: ClearReason | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function login(body: LoginRequest) {
  return unwrap(apiClient.POST("/api/auth/login", { body }));
}

/** Revokes the session on the server (always 204, also for unknown tokens). */
async function logout(body: RefreshRequest): Promise<void> {
  await unwrap(apiClient.POST("/api/auth/logout", { body }));
}

function refresh(body: RefreshRequest, signal?: AbortSignal) {
  return unwrap(apiClient.POST("/api/auth/refresh", { body, signal }));
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // key === null: another tab cleared all of localStorage.
  if (event.key === SESSION_STORAGE_KEY || event.key === null) notify();
}

/** The current session, read from localStorage (so another tab's refresh is seen at once). */
export function getSession(): Session | null {
  const store = storage();
  const raw = store?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseStoredSession(raw);
    // Garbage or a non-admin session is never kept.
    if (raw !== null && cachedSession === null) store?.removeItem(SESSION_STORAGE_KEY);
  }
  return cachedSession;
}

export function setSession(session: Session): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  lastClearReason = null;
  notify();
}

export function clearSession(reason: ClearReason): void {
  lastClearReason = reason;
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

export function getLastClearReason(): ClearReason | null {
  return lastClearReason;
}

export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** The session, re-rendering on every change in this tab or another one. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

/** Runs `fn` while holding the cross-tab refresh lock; without Web Locks, just runs it. */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks && typeof locks.request === "function") {
    return locks.request(REFRESH_LOCK_NAME, { mode: "exclusive" }, fn) as Promise<T>;
  }
  return fn();
}

function timeoutSignal(): AbortSignal | undefined {
  return typeof AbortSignal !== "undefined" && "timeout" in AbortSignal
    ? AbortSignal.timeout(REFRESH_TIMEOUT_MS)
    : undefined;
}

/**
 * Gets a fresh access token. All callers in this tab share one in-flight refresh; across
 * tabs a lock makes them take turns, and whoever comes second re-reads localStorage and
 * uses the token the other tab already got instead of refreshing again.
 *
 * `staleAccessToken` is the token the caller found wanting (e.g. one that got a 401);
 * by default the current one. Resolves to null when the session is gone (then cleared);
 * rejects on a network error (the session is kept, a later check tries again).
 */
export function refreshSession(staleAccessToken?: string): Promise<Session | null> {
  if (inflight) return inflight;
  const before = staleAccessToken ?? getSession()?.access_token ?? null;
  inflight = withRefreshLock(async () => {
    const stored = getSession();
    if (!stored) return null;
    if (stored.access_token !== before && !needsRefresh(stored)) return stored; // another tab refreshed
    try {
      const fresh = await refresh({ refresh_token: stored.refresh_token }, timeoutSignal());
      if (!isAdminSession(fresh)) {
        clearSession("expired");
        return null;
      }
      // Signed out in another tab while we waited: do not bring the session back.
      if (!getSession()) return null;
      setSession(fresh);
      return fresh;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        const latest = getSession();
        if (latest && latest.refresh_token !== stored.refresh_token) return latest;
        clearSession("expired");
        return null;
      }
      throw error;
    }
  }).finally(() => {
    inflight = null;
  });
  return inflight;
}

/** Refreshes now if fewer than 90 s remain; errors are left for the next check. */
export function refreshIfDue(now: number = Date.now()): void {
  const session = getSession();
  if (session && needsRefresh(session, now)) {
    refreshSession().catch(() => {
      // Offline or server unreachable: keep the session and try again at the next check.
    });
  }
}

/** Checks right away (e.g. after a reload) and every 5 s whether a refresh is due. Returns a stop function. */
export function startSessionKeeper(): () => void {
  refreshIfDue();
  const timer = window.setInterval(() => refreshIfDue(), REFRESH_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === "visible") refreshIfDue();
  };
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** Signs in; only an admin's session is kept. */
export async function signIn(credentials: LoginRequest): Promise<Session> {
  const session = await login(credentials);
  if (!isAdminSession(session)) {
    const refreshToken = (session as Partial<Session> | null)?.refresh_token;
    if (refreshToken) await logout({ refresh_token: refreshToken }).catch(() => {});
    throw new ApiError(NOT_AN_ADMIN_MESSAGE, 403, "forbidden");
  }
  setSession(session);
  return session;
}

/** Revokes the session on the server (best effort) and forgets it in every tab. */
export async function signOut(): Promise<void> {
  const session = getSession();
  if (session) {
    await logout({ refresh_token: session.refresh_token }).catch(() => {
      // Offline: the session is still forgotten here; the server lets it expire.
    });
  }
  clearSession("signed-out");
}
