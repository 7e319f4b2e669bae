import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// jsdom has no sendBeacon: each test gives the page one and reads what it was sent.
let sent: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  sent = [];
  vi.resetModules();
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: string) => {
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
  });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, "sendBeacon");
  history.replaceState(null, "", "/");
});

describe("the visitor beacon", () => {
  it("sends the path with only the campaign's query, after load, once per view", async () => {
    const { trackPageView } = await import("@/lib/visits");
    history.replaceState(null, "", "/over-mij?utm_campaign=lente&email=iemand%40example.be&utm_source=nieuwsbrief");
    trackPageView();
    expect(sent).toEqual([]); // not before the browser is idle
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/api/visits");
    expect(sent[0]?.body).toEqual({
      url: "/over-mij?utm_campaign=lente&utm_source=nieuwsbrief",
      referrer: document.referrer,
      width: window.innerWidth,
    });
    // A client navigation: no referrer any more (it would be this site).
    history.pushState(null, "", "/contact");
    trackPageView();
    await vi.runAllTimersAsync();
    expect(sent[1]?.body).toEqual({ url: "/contact", referrer: "", width: window.innerWidth });
    expect(document.cookie).toBe("");
    expect(localStorage.length).toBe(0);
  });

  it("never counts a path the 404 page shows", async () => {
    const { markMissingPage, trackPageView } = await import("@/lib/visits");
    history.replaceState(null, "", "/bestaat-niet");
    // The root counts the view first; the lazily loaded 404 page mounts before the browser idles.
    trackPageView();
    markMissingPage("/bestaat-niet");
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
    // The next page is counted again.
    history.pushState(null, "", "/contact");
    trackPageView();
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it("never counts the admin pages", async () => {
    const { trackEvent, trackPageView } = await import("@/lib/visits");
    history.replaceState(null, "", "/admin/bezoekers");
    trackPageView();
    trackEvent("selftest_started");
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
  });

  it("sends an event at once, with the page it happened on", async () => {
    const { trackEvent } = await import("@/lib/visits");
    history.replaceState(null, "", "/wees-eerlijk?x=1");
    trackEvent("selftest_started");
    expect(sent).toEqual([{ url: "/api/visits", body: { url: "/wees-eerlijk", event: "selftest_started" } }]);
  });
});
