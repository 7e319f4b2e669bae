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

async function boot() {
  // The page's texts shown only after an answer, hidden in the built page for the catalogue, go as
  // they go in the app (`LaterBlocks`), so a text shown after an answer is in the page once: before
  // any island can show one. Those inside an island are its own, and go as it hydrates.
  for (const later of document.querySelectorAll("[data-later-blocks]")) {
    if (!later.closest("[data-island]")) later.remove();
  }
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  // Every island's code loads at once; they hydrate one per task, in page order (the menu first),
  // so that no single task keeps a slow phone from answering (Preact hydrates in one go).
  const loaded = islands.map((el) => {
    const load = modules[`./parts/${el.dataset.island as IslandName}.tsx`];
    return load ? load() : Promise.reject(new Error(`Onbekend eiland: ${el.dataset.island}`));
  });
  const failures: unknown[] = [];
  for (const [i, el] of islands.entries()) {
    try {
      const { default: Component } = await loaded[i]!;
      await nextTask();
      // Over the built HTML: Preact takes the elements as they are (with what was typed in them
      // meanwhile, which lib/early-input reports once all parts listen) and adds the handlers.
      hydrate(h(IslandBoundary, null, element(Component, JSON.parse(el.dataset.props ?? "{}") as object)), el);
    } catch (error) {
      failures.push(error);
    }
  }
  await afterEffects();
  if (failures.length) throw new AggregateError(failures, "Niet elk eiland kon starten");
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
  .catch((error: unknown) => console.error(error))
  // Once every part listens (or could not be made to): what the visitor did meanwhile happens now.
  .finally(() => {
    document.documentElement.setAttribute("data-islands-ready", "");
    releaseEarlyInput();
  });
