/**
 * Keeps what a visitor clicks or submits before React has hydrated the page, and replays it once
 * React has. A prerendered page is on screen before its JavaScript runs (scripts/hydrate-after-paint.mjs
 * only asks for them after the first paint): until then a button does nothing, a form would be
 * submitted by the browser (its fields in the URL) and a link would start a full page load that the
 * booting router can cut short, and what was typed is not in React's state. So the first clicks
 * wait, and then happen, with the typed values, as if made now.
 *
 * `EARLY_INPUT_SCRIPT` runs inline in the page's <head>, before any other script; `releaseEarlyInput`
 * is called once the document has hydrated, or when the boot fails (then the browser handles them).
 * Links to another site, new tabs (modifier keys, target), downloads and jumps within the page are
 * left to the browser: they need no JavaScript; so is every link of a page of islands, which has no
 * router. There, `islands/boot.tsx` releases the input once the parts in view listen; a part further
 * down hydrates when it comes near or is touched, and its controls wait until then.
 */
export const EARLY_INPUT_SCRIPT = `(() => {
  const kept = [];
  const typed = new Set();
  // Until the page's scripts release it, every control waits; then those \`waits\` says still do
  // (on a page of islands, the controls of a part not yet hydrated).
  let waits = () => true;
  // On a page of islands (DESIGN §13) every link is a page load: nothing to wait for.
  const islands = document.documentElement.hasAttribute("data-islands");
  const byBrowser = (a) =>
    islands || a.origin !== location.origin || a.target || a.hasAttribute("download") ||
    (a.pathname === location.pathname && a.search === location.search && a.hash);
  addEventListener("click", (e) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const el = e.target instanceof Element
      ? e.target.closest("a[href], button, [role=button], input[type=checkbox], input[type=radio]")
      : null;
    if (!el || el.disabled || (el instanceof HTMLAnchorElement && byBrowser(el)) || !waits(el)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    kept.push(el);
  }, true);
  addEventListener("submit", (e) => {
    if (!waits(e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    kept.push(e.target);
  }, true);
  const field = (e) => {
    if (e.target instanceof Element && e.target.matches("input, textarea, select") && waits(e.target)) typed.add(e.target);
  };
  addEventListener("input", field, true);
  addEventListener("change", field, true);
  // Replays what was kept for the controls that no longer wait; from now on a control waits while
  // \`stillWaits\` says so (by default none does). Called again, it replays what has stopped waiting.
  window.__inlumineReleaseInput = (stillWaits = () => false) => {
    waits = stillWaits;
    // React keeps a form's values in its state, which knows nothing of what was typed before it
    // hydrated: report each typed field as changed (React only counts a value it has not seen).
    for (const el of typed) {
      if (waits(el)) continue;
      typed.delete(el);
      if (!el.isConnected) continue;
      if (!(el instanceof HTMLSelectElement)) {
        const value = el.value;
        el.value = "";
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value").set.call(el, value);
      }
      el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
    }
    // The clicks once React has rendered those values.
    const ready = kept.filter((el) => !waits(el));
    kept.splice(0, kept.length, ...kept.filter((el) => !ready.includes(el)));
    setTimeout(() => {
      for (const el of ready) {
        if (!el.isConnected) continue;
        if (el instanceof HTMLFormElement) el.requestSubmit();
        else el.click();
      }
    });
  };
})();`;

/**
 * Replays the typing, clicks and submits kept since the page started, but for the controls that
 * `stillWaits` holds back: those keep waiting, and a later call replays them once it lets them go.
 */
export function releaseEarlyInput(stillWaits?: (control: Element) => boolean) {
  (window as { __inlumineReleaseInput?: (stillWaits?: (control: Element) => boolean) => void }).__inlumineReleaseInput?.(stillWaits);
}
