// The one way the admin area talks to /api/admin/*: adds the bearer token, and on a 401
// refreshes once (through the shared refreshSession) and retries. When that fails the
// session is cleared, which sends the coach to the login page (see the admin layout).
import {
  clearSession,
  getSession,
  refreshSession,
  SESSION_EXPIRED_MESSAGE,
} from "@/lib/session-store";
import { needsRefresh } from "@/lib/session";
import { ApiError, jsonRequestInit, networkError, readApiResponse, type RequestOptions } from "@/lib/api";

function expired(): ApiError {
  return new ApiError(SESSION_EXPIRED_MESSAGE, 401, "session_expired");
}

async function send(path: string, init: RequestInit, accessToken: string): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${accessToken}`);
  try {
    return await fetch(path, { ...init, headers });
  } catch (cause) {
    throw networkError(cause);
  }
}

/** fetch() with the admin's access token; refreshes once on a 401. */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  let session = getSession();
  if (!session) {
    clearSession("expired");
    throw expired();
  }
  if (needsRefresh(session, Date.now(), 0)) {
    // Already expired (e.g. the laptop slept): refresh before even trying.
    session = await refreshSession();
    if (!session) throw expired();
  }
  const response = await send(path, init, session.access_token);
  if (response.status !== 401) return response;

  const refreshed = await refreshSession(session.access_token);
  if (!refreshed) throw expired();
  const retried = await send(path, init, refreshed.access_token);
  if (retried.status === 401) {
    clearSession("expired");
    throw expired();
  }
  return retried;
}

/** A JSON call to the admin API; throws ApiError with the server's Dutch message on failure. */
export async function adminApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readApiResponse<T>(await authorizedFetch(path, jsonRequestInit(options)));
}

/** Builds `/api/admin/...?a=1&b=2`, leaving out empty values. */
export function adminPath(path: string, query: Record<string, string | number | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
