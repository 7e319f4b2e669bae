// What islands/boot.tsx renders with Preact: an island over its HTML, the toasts, the spinner of the
// next page. Apart from the boot so that a page with nothing to hydrate at load (on a phone, every
// page whose only part in view is the menu) does not evaluate Preact before it is needed; the boot
// loads this once the page is idle, or sooner when a part must hydrate.
import { Component, h, hydrate, render, type ComponentChildren, type ComponentType as PreactComponent, type VNode } from "preact";
import type { ComponentType } from "react";
import { IslandError } from "@/islands/island-error";
import { NavigationSpinner } from "@/components/ui/spinner";
import { onFirstToast, Toaster } from "@/components/ui/toast";

/** The app's components are typed as React's; this build renders them with Preact (see boot.tsx). */
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

/** Over the built HTML: Preact takes the elements as they are and adds the handlers. */
export function hydrateOver(island: HTMLElement, component: ComponentType<object>, props: object) {
  hydrate(h(IslandBoundary, null, element(component, props)), island);
}

/** Shows the spinner of the next page in `into`, or takes it away. */
export function showNavigationSpinner(into: HTMLElement, shown: boolean) {
  render(shown ? element(NavigationSpinner, null) : null, into);
}

// An island asks for a toast only once it has hydrated, so after this module ran.
onFirstToast(() => render(element(Toaster, null), document.body.appendChild(document.createElement("div"))));
