// The admin's token on every call to /api/admin/*: one openapi-fetch middleware on the one API
// client (registered by the admin layout). It adds the bearer token, and on a 401 refreshes once
// (through the shared refreshSession) and retries. When that fails the session is cleared,
// which sends the coach to the login page (see the admin layout).
import type { Middleware } from "openapi-fetch";
import { ApiError, send } from "@/lib/api";
import { needsRefresh } from "@/lib/session";
import { clearSession, getSession, refreshSession, SESSION_EXPIRED_MESSAGE } from "@/lib/session-store";

function expired(): ApiError {
  return new ApiError(SESSION_EXPIRED_MESSAGE, 401, "session_expired");
}

function withToken(request: Request, accessToken: string): Request {
  request.headers.set("Authorization", `Bearer ${accessToken}`);
  return request;
}

/** fetch() with the admin's access token; refreshes once on a 401. */
async function authorizedFetch(request: Request): Promise<Response> {
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
  // Keep an unsent copy: a request's body can be read only once.
  const retry = request.clone();
  const response = await send(withToken(request, session.access_token));
  if (response.status !== 401) return response;

  const refreshed = await refreshSession(session.access_token);
  if (!refreshed) throw expired();
  const retried = await send(withToken(retry, refreshed.access_token));
  if (retried.status === 401) {
    clearSession("expired");
    throw expired();
  }
  return retried;
}

/** Sends /api/admin/* calls through authorizedFetch; leaves every other call alone. */
export const adminAuth: Middleware = {
  onRequest({ request, schemaPath }) {
    if (schemaPath.startsWith("/api/admin/")) return authorizedFetch(request);
  },
};
