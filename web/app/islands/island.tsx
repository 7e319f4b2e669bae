import type { ComponentType } from "react";
import type { IslandName } from "@/islands/names";

/**
 * An interactive part of a public page (DESIGN §13). On a page whose route says `islandsPage`,
 * the built HTML loads no React Router and no React: `islands/boot.tsx` renders only these parts,
 * each from the props written here, and the rest of the page stays the HTML it is. In the React
 * app (a client navigation from another page) it is just the component. Props must be JSON.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrateWhen = "near",
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /**
   * When `islands/boot.tsx` hydrates it: once it is near the view ("near", at load for what is on
   * screen), or only once the visitor reaches into it ("used": pointer, focus, keys), for a part
   * that does nothing until then and is on every page (the menu).
   */
  hydrateWhen?: "near" | "used";
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} data-hydrate-when={hydrateWhen} className="contents">
      <Component {...props} />
    </div>
  );
}

/** A route's `handle` for a page that boots as islands. */
export const islandsPage = { islands: true } as const;

/** Whether a route's handle asks for islands. */
export function wantsIslands(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { islands?: unknown }).islands === true;
}
