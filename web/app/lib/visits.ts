// Visitors counted without watching them (DESIGN §12): after a public page has loaded, when the
// browser is idle, one small beacon says which page it was, the referrer's site on the first
// page, and the window's width (only its class is kept). No cookie, no storage, no id: the server
// counts a visitor per day from a hash with a salt it destroys at midnight. Never on /admin.

type VisitEvent = "selftest_started";

let firstPage = true;
/** The path the 404 page is showing: no page of the site, so no page view (the server refuses it). */
let missingPath: string | null = null;

function isAdmin(path: string) {
  return path === "/admin" || path.startsWith("/admin/");
}

function send(body: Record<string, unknown>) {
  try {
    navigator.sendBeacon("/api/visits", JSON.stringify(body));
  } catch {
    // Counting is never worth an error for the visitor.
  }
}

/** Runs `task` once the page has loaded and the browser has a moment. */
function whenIdle(task: () => void) {
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 4000 }) : setTimeout(task, 200);
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

/** Called by the 404 page (which may mount after the root counted the view: see `missing`). */
export function markMissingPage(path: string) {
  missingPath = path;
}

/** Whether `path` is no page of the site: the 404 page shows it, or the first load answered 404. */
function missing(path: string, first: boolean): boolean {
  if (path === missingPath) return true;
  if (!first) return false;
  const [navigation] = performance.getEntriesByType?.("navigation") ?? [];
  return (navigation as { responseStatus?: number } | undefined)?.responseStatus === 404;
}

/** Counts a view of the current page (the first load and every client navigation). */
export function trackPageView() {
  const { pathname, search } = location;
  if (isAdmin(pathname) || !("sendBeacon" in navigator)) return;
  const first = firstPage;
  const referrer = first ? document.referrer : "";
  firstPage = false;
  // Of the query only the campaign's source and name leave the browser.
  const utm = new URLSearchParams();
  new URLSearchParams(search).forEach((value, key) => {
    if (key === "utm_source" || key === "utm_campaign") utm.set(key, value);
  });
  const url = pathname + (utm.size ? `?${utm}` : "");
  // Decided when it is sent: by then a 404 page has mounted and said so.
  whenIdle(() => {
    if (!missing(pathname, first)) send({ url, referrer, width: innerWidth });
  });
}

/** Counts an event on the current page, e.g. "selftest_started" at the self-test's first answer. */
export function trackEvent(event: VisitEvent) {
  if (isAdmin(location.pathname) || !("sendBeacon" in navigator)) return;
  send({ url: location.pathname, event });
}
