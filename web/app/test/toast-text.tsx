import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** The words a mocked `toast.success` / `toast.error` call shows: its title and description as text. */
export function toastText(call: unknown[] | undefined): [string, string] {
  const [title, options] = (call ?? []) as [ReactNode, { description?: ReactNode } | undefined];
  const text = (node: ReactNode) =>
    new DOMParser().parseFromString(renderToStaticMarkup(<>{node}</>), "text/html").body.textContent ?? "";
  return [text(title), text(options?.description)];
}
