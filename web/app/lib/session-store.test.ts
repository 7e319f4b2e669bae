import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { adminAuth } from "@/lib/admin-auth";
import { apiClient, unwrap } from "@/lib/api";
import { SESSION_STORAGE_KEY } from "@/lib/session";
import {
  getLastClearReason,
  getSession,
  refreshIfDue,
  refreshSession,
  signIn,
  signOut,
  subscribeToSession,
} from "@/lib/session-store";

function session(access: string, refreshToken: string, secondsLeft = 3600, role = "admin") {
  return {
    access_token: access,
    refresh_token: refreshToken,
    expires_in: secondsLeft,
    expires_at: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    user: { id: 1, email: "coach@voorbeeld.be", role },
  };
}

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The n-th request the stubbed fetch received (the client sends Request objects). */
function sent(fetchMock: Mock, n: number): Request {
  return fetchMock.mock.calls[n]![0] as Request;
}

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

function store(value: unknown) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
}

/** A Web Locks stand-in that runs callbacks one after the other, like the browser does. */
function fakeLocks() {
  let chain: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, _options: unknown, fn: () => Promise<unknown>) => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => {});
    return run;
  });
  vi.stubGlobal("navigator", { ...navigator, locks: { request } });
  return request;
}

describe("session store", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shares one in-flight refresh between all callers", async () => {
    store(session("old", "r1", 30));
    let release!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal("fetch", fetchMock);

    const a = refreshSession();
    const b = refreshSession();
    refreshIfDue();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release(json(200, session("new", "r2")));
    const [sa, sb] = await Promise.all([a, b]);
    expect(sa?.access_token).toBe("new");
    expect(sb).toBe(sa);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = sent(fetchMock, 0);
    expect(pathOf(request)).toBe("/api/auth/refresh");
    expect(await request.json()).toEqual({ refresh_token: "r1" });
    expect(getSession()?.refresh_token).toBe("r2");
  });

  it("takes the cross-tab lock and uses another tab's fresh token instead of refreshing again", async () => {
    const locks = fakeLocks();
    store(session("old", "r1", 30));
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    // Another tab holds the lock and is refreshing; this tab has to wait for it.
    let releaseOtherTab: (() => void) | undefined;
    void navigator.locks.request("inlumine.admin.session.refresh", {}, () => new Promise<void>((r) => (releaseOtherTab = r)));
    await vi.waitFor(() => expect(releaseOtherTab).toBeTypeOf("function"));
    const pending = refreshSession();
    store(session("from-other-tab", "r2"));
    releaseOtherTab!();
    const result = await pending;
    expect(locks).toHaveBeenCalledTimes(2);
    expect(result?.access_token).toBe("from-other-tab");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes only when fewer than 90 seconds remain", async () => {
    const fetchMock = vi.fn().mockResolvedValue(json(200, session("new", "r2")));
    vi.stubGlobal("fetch", fetchMock);
    store(session("a", "r1", 300));
    refreshIfDue();
    expect(fetchMock).not.toHaveBeenCalled();
    store(session("a", "r1", 60));
    refreshIfDue();
    await vi.waitFor(() => expect(getSession()?.access_token).toBe("new"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("clears the session when the refresh token is refused", async () => {
    store(session("old", "r1", 30));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json(401, { error: { code: "session_expired", message: "Verlopen" } })));
    await expect(refreshSession()).resolves.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getLastClearReason()).toBe("expired");
  });

  it("keeps the session when the server cannot be reached", async () => {
    store(session("old", "r1", 30));
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(refreshSession()).rejects.toBeTruthy();
    expect(getSession()?.access_token).toBe("old");
  });

  it("tells subscribers when another tab changes the session", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    store(session("x", "y"));
    window.dispatchEvent(new StorageEvent("storage", { key: SESSION_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent("storage", { key: "something-else" }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("keeps only an admin's session at sign-in and revokes anyone else's", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, session("u", "ur", 3600, "user")))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(signIn({ email: "x@voorbeeld.be", password: "geheim-genoeg" })).rejects.toThrow(/geen toegang/);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(pathOf(sent(fetchMock, 1))).toBe("/api/auth/logout");
  });

  it("signs out: revokes the refresh token and forgets the session", async () => {
    store(session("a", "r1"));
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await signOut();
    expect(pathOf(sent(fetchMock, 0))).toBe("/api/auth/logout");
    expect(await sent(fetchMock, 0).json()).toEqual({ refresh_token: "r1" });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getLastClearReason()).toBe("signed-out");
  });
});

describe("admin calls through the API client", () => {
  beforeAll(() => apiClient.use(adminAuth));
  afterAll(() => apiClient.eject(adminAuth));
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("sends the bearer token", async () => {
    store(session("tok", "r1"));
    const fetchMock = vi.fn().mockResolvedValue(json(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    await unwrap(apiClient.GET("/api/admin/me"));
    expect(sent(fetchMock, 0).headers.get("Authorization")).toBe("Bearer tok");
  });

  it("refreshes once on a 401 and retries with the new token", async () => {
    store(session("stale", "r1"));
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(401, { error: { code: "unauthorized", message: "Nee" } }))
      .mockResolvedValueOnce(json(200, session("fresh", "r2")))
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(unwrap(apiClient.GET("/api/admin/me"))).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map((c) => pathOf(c[0] as Request))).toEqual([
      "/api/admin/me",
      "/api/auth/refresh",
      "/api/admin/me",
    ]);
    expect(sent(fetchMock, 2).headers.get("Authorization")).toBe("Bearer fresh");
  });

  it("clears the session when the refresh fails too", async () => {
    store(session("stale", "r1"));
    const unauthorized = () => json(401, { error: { code: "unauthorized", message: "Nee" } });
    vi.stubGlobal("fetch", vi.fn().mockImplementation(() => Promise.resolve(unauthorized())));
    await expect(unwrap(apiClient.GET("/api/admin/me"))).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getLastClearReason()).toBe("expired");
  });

  it("without a session, fails at once", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await expect(unwrap(apiClient.GET("/api/admin/me"))).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
