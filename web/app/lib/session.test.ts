import { describe, expect, it } from "vitest";
import {
  DEFAULT_ADMIN_PATH,
  loginPathFor,
  needsRefresh,
  parseStoredSession,
  safeNextPath,
} from "@/lib/session";

const now = Date.parse("2026-01-10T12:00:00Z");
const at = (secondsFromNow: number) => ({ expires_at: new Date(now + secondsFromNow * 1000).toISOString() });

function session(role = "admin") {
  return {
    access_token: "a",
    refresh_token: "r",
    expires_in: 3600,
    expires_at: "2026-01-10T13:00:00.000000Z",
    user: { id: 1, email: "coach@voorbeeld.be", role },
  };
}

describe("needsRefresh", () => {
  it("refreshes when fewer than 90 seconds remain", () => {
    expect(needsRefresh(at(89), now)).toBe(true);
    expect(needsRefresh(at(10), now)).toBe(true);
    expect(needsRefresh(at(-5), now)).toBe(true);
  });

  it("waits while 90 seconds or more remain", () => {
    expect(needsRefresh(at(90), now)).toBe(false);
    expect(needsRefresh(at(3600), now)).toBe(false);
  });

  it("reads the server's microsecond timestamps", () => {
    expect(needsRefresh({ expires_at: "2026-01-10T12:01:00.000000Z" }, now)).toBe(true);
    expect(needsRefresh({ expires_at: "2026-01-10T12:02:00.000000Z" }, now)).toBe(false);
  });

  it("treats an unreadable expiry as due", () => {
    expect(needsRefresh({ expires_at: "morgen" }, now)).toBe(true);
  });
});

describe("safeNextPath", () => {
  it("keeps a local admin page with its query", () => {
    expect(safeNextPath("/admin/reviews")).toBe("/admin/reviews");
    expect(safeNextPath("/admin/nieuwsbrief?status=pending&page=2")).toBe("/admin/nieuwsbrief?status=pending&page=2");
    expect(safeNextPath("/admin")).toBe("/admin");
  });

  it("falls back to the dashboard for anything else", () => {
    for (const next of [
      null,
      "",
      "admin/reviews",
      "//evil.example/admin",
      "/\\evil.example",
      "https://evil.example/admin/reviews",
      "javascript:alert(1)",
      "/contact",
      "/administratie",
      "/admin/login",
      "/admin/login?next=/admin/reviews",
      "/admin/../contact",
    ]) {
      expect(safeNextPath(next), String(next)).toBe(DEFAULT_ADMIN_PATH);
    }
  });

  it("round-trips through loginPathFor", () => {
    const url = new URL(loginPathFor("/admin/reviews?q=an%20na"), "http://x");
    expect(url.pathname).toBe("/admin/login");
    expect(safeNextPath(url.searchParams.get("next"))).toBe("/admin/reviews?q=an%20na");
  });
});

describe("parseStoredSession", () => {
  it("reads an admin session", () => {
    expect(parseStoredSession(JSON.stringify(session()))?.user.email).toBe("coach@voorbeeld.be");
  });

  it("ignores garbage and non-admin sessions", () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession("{")).toBeNull();
    expect(parseStoredSession(JSON.stringify({ access_token: "a" }))).toBeNull();
    expect(parseStoredSession(JSON.stringify(session("user")))).toBeNull();
  });
});
