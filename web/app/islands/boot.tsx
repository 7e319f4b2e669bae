// The script of a page that boots as islands (DESIGN §13, `<Island>`): the page is its HTML, and
// only its interactive parts are rendered, with Preact (the islands build aliases React to
// preact/compat), each loading just its own code. Then it does for the page what the app's root
// does for a page of the React app: it replays the clicks made while it loaded, counts the page
// view, shows the toasts, shows the loading spinner while the next page loads, and shows each page
// from its top.
import { Component, h, hydrate, render, type ComponentChildren, type ComponentType as PreactComponent, type VNode } from "preact";
import type { ComponentType } from "react";
import { IslandError } from "@/islands/island-error";
import type { IslandName } from "@/islands/names";
import { NavigationSpinner } from "@/components/ui/spinner";
import { onFirstToast, Toaster } from "@/components/ui/toast";
import { releaseEarlyInput } from "@/lib/early-input";
import { trackPageView } from "@/lib/visits";

// Each island's module, loaded only when the page has that island (names.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island takes its own props, read from its HTML
const modules = import.meta.glob<{ default: ComponentType<any> }>("./parts/*.tsx");

/** The app's components are typed as React's; this build renders them with Preact (see top). */
function element(component: ComponentType<object>, props: object | null): VNode {
  return h(component as unknown as PreactComponent<object>, props);
}

/** Keeps an island that fails while rendering to itself: it says so, the page stays. */
class IslandBoundary extends Component<{ children: ComponentChildren }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.failed ? element(IslandError, null) : this.props.children;
  }
}

function mount(component: ComponentType<object>, into: Element = document.body.appendChild(document.createElement("div"))) {
  render(element(component, null), into);
}

/** Lets the browser paint and handle input before the next piece of work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Once Preact has run the effects of what it hydrated: it runs them in a task after the next frame
 * (or after 100 ms without frames). A click replayed before would be undone by an effect that sets
 * the first state again (a menu that closes on mount).
 */
const afterEffects = () =>
  new Promise((resolve) => {
    const later = () => setTimeout(resolve);
    requestAnimationFrame(later);
    setTimeout(later, 150);
  });

/** How near the view a part hydrates: as near as the intro video starts to load. */
const NEAR_PX = 100;

/** The island an element is part of. */
const islandOf = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>("[data-island]") : null);

/** Whether an island shows within NEAR_PX of the view (one that shows no box counts as near). */
function nearView(island: HTMLElement): boolean {
  const boxes = [...island.children].map((child) => child.getBoundingClientRect()).filter((box) => box.width || box.height);
  return !boxes.length || boxes.some((box) => box.top < innerHeight + NEAR_PX && box.bottom > -NEAR_PX);
}

/**
 * Hydrates the islands near the view now, one per task in page order, so that no single task keeps
 * a slow phone from answering (Preact hydrates an island in one go). The others hydrate when they
 * come near the view or the visitor reaches into one (pointer, focus, keys): most of a long page is
 * read, not used, and a phone need not run code for what is not on screen. The menu, on every page
 * and idle until used, waits for the visitor (`hydrateWhen="used"`). Until an island has hydrated,
 * what is done in it waits (lib/early-input) and then happens.
 */
async function boot() {
  // The page's texts shown only after an answer, hidden in the built page for the catalogue, go as
  // they go in the app (`LaterBlocks`), so a text shown after an answer is in the page once: before
  // any island can show one. Those inside an island are its own, and go as it hydrates.
  for (const later of document.querySelectorAll("[data-later-blocks]")) {
    if (!later.closest("[data-island]")) later.remove();
  }
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  const notHydrated = new Set(islands);
  const code = new Map<HTMLElement, ReturnType<(typeof modules)[string]>>();
  const loadCode = (el: HTMLElement) => {
    let loading = code.get(el);
    if (!loading) {
      const load = modules[`./parts/${el.dataset.island as IslandName}.tsx`];
      loading = load ? load() : Promise.reject(new Error(`Onbekend eiland: ${el.dataset.island}`));
      code.set(el, loading);
    }
    return loading;
  };
  const hydrating = new Map<HTMLElement, Promise<void>>();
  // Over the built HTML: Preact takes the elements as they are (with what was typed in them
  // meanwhile, which lib/early-input reports once the island listens) and adds the handlers.
  const hydrateIsland = (el: HTMLElement) => {
    let done = hydrating.get(el);
    if (!done) {
      done = loadCode(el)
        .then(async ({ default: Component }) => {
          await nextTask();
          hydrate(h(IslandBoundary, null, element(Component, JSON.parse(el.dataset.props ?? "{}") as object)), el);
        });
      hydrating.set(el, done);
    }
    return done;
  };
  /**
   * Once its effects have run, an island listens: what is done in it no longer waits. A click let
   * through before would be undone by an effect that sets the first state again (a menu that
   * closes on mount).
   */
  const listens = (el: HTMLElement, hydrated: boolean) => {
    notHydrated.delete(el);
    if (hydrated) el.setAttribute("data-hydrated", "");
  };

  const near = islands.filter((el) => el.dataset.hydrateWhen !== "used" && nearView(el));
  for (const el of near) void loadCode(el); // every near island's code loads at once
  const failures: unknown[] = [];
  const hydrated: boolean[] = [];
  for (const el of near) {
    hydrated.push(await hydrateIsland(el).then(() => true, (error: unknown) => (failures.push(error), false)));
  }
  await afterEffects();
  near.forEach((el, i) => listens(el, hydrated[i]!));

  const observer = new IntersectionObserver(
    (entries) => entries.forEach((entry) => entry.isIntersecting && wake(islandOf(entry.target))),
    { rootMargin: `${NEAR_PX}px` },
  );
  /** Hydrates an island not yet hydrated, then lets what was done in it meanwhile happen. */
  function wake(el: HTMLElement | null) {
    if (!el || !notHydrated.has(el) || hydrating.has(el)) return;
    for (const child of el.children) observer.unobserve(child);
    void hydrateIsland(el)
      .then(
        () => true,
        (error: unknown) => (console.error(error), false),
      )
      .then(async (ok) => {
        await afterEffects();
        listens(el, ok);
        releaseEarlyInput(waitsForIsland);
      });
  }
  /** Whether a control waits for its island to hydrate; asking wakes the island. */
  function waitsForIsland(control: Element) {
    const el = islandOf(control);
    if (!el || !notHydrated.has(el)) return false;
    wake(el);
    return true;
  }
  for (const el of notHydrated) {
    if (el.dataset.hydrateWhen !== "used") for (const child of el.children) observer.observe(child);
  }
  for (const type of ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"]) {
    addEventListener(type, (e) => wake(islandOf(e.target)), { capture: true, passive: true });
  }
  releaseEarlyInput(waitsForIsland);
  // The code of a part that waits to be used loads once the page is idle, so that the first tap
  // only has to hydrate it (its error, if any, is the hydration's to report).
  const whenIdle = (run: () => void) => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 200));
  for (const el of notHydrated) {
    if (el.dataset.hydrateWhen === "used") whenIdle(() => void loadCode(el).catch(() => {}));
  }
  if (failures.length) console.error(new AggregateError(failures, "Niet elk eiland kon starten"));
}

onFirstToast(() => mount(Toaster));
trackPageView();
// A link is a page load here: the spinner shows while the next page comes (and goes when the
// visitor comes back to this page from the browser's cache).
let spinner: HTMLElement | null = null;
addEventListener("click", (e) => {
  const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (e.defaultPrevented || !(link instanceof HTMLAnchorElement) || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  if (link.origin !== location.origin || link.target || link.hasAttribute("download") || link.pathname === location.pathname) return;
  spinner ??= document.body.appendChild(document.createElement("div"));
  mount(NavigationSpinner, spinner);
});
// Every path change shows the new page from its top, as in the app (root.tsx, ScrollToTop): also
// when the visitor goes back, where the browser would put the view where it was.
history.scrollRestoration = "manual";
addEventListener("pageshow", (e) => {
  if (!e.persisted) return;
  if (spinner) render(null, spinner);
  scrollTo(0, 0);
});
boot()
  .catch((error: unknown) => {
    console.error(error);
    // The boot broke before the islands listen: what the visitor did meanwhile goes to the browser.
    releaseEarlyInput();
  })
  // Once the parts in view listen (or could not be made to).
  .finally(() => document.documentElement.setAttribute("data-islands-ready", ""));
