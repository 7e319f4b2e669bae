// What the islands' components take from react-router, on a page without a router (the islands
// build aliases "react-router" here, see vite.islands.config.ts): a link is a link, the location
// is the window's, and a navigation is a page load.
import { forwardRef, useSyncExternalStore, type AnchorHTMLAttributes } from "react";

type To = string | { pathname?: string; search?: string; hash?: string };

function href(to: To): string {
  return typeof to === "string" ? to : `${to.pathname ?? location.pathname}${to.search ?? ""}${to.hash ?? ""}`;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  // React Router's own props, meaningless for a plain link.
  replace?: boolean;
  state?: unknown;
  prefetch?: string;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  reloadDocument?: boolean;
  discover?: string;
  relative?: string;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace: _r, state: _s, prefetch: _p, preventScrollReset: _ps, viewTransition: _v, reloadDocument: _rd, discover: _d, relative: _rel, ...rest },
  ref,
) {
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in rest.children
  return <a ref={ref} href={href(to)} {...rest} />;
});

export function useLocation() {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: null, key: "default" };
}

export function useNavigate() {
  return (to: To | number) => (typeof to === "number" ? history.go(to) : location.assign(href(to)));
}

// The query string as the islands' state: the checkout changes its date in place (replace, no page
// load), and every island that reads it renders again, as under React Router.
const searchListeners = new Set<() => void>();
function subscribeSearch(listener: () => void) {
  searchListeners.add(listener);
  addEventListener("popstate", listener);
  return () => {
    searchListeners.delete(listener);
    removeEventListener("popstate", listener);
  };
}
const currentSearch = () => location.search;

function setSearchParams(next: URLSearchParams, options?: { replace?: boolean }) {
  const url = `${location.pathname}?${next.toString()}${location.hash}`;
  if (options?.replace) history.replaceState(history.state, "", url);
  else history.pushState(history.state, "", url);
  for (const listener of searchListeners) listener();
}

export function useSearchParams() {
  const search = useSyncExternalStore(subscribeSearch, currentSearch, currentSearch);
  return [new URLSearchParams(search), setSearchParams] as const;
}
