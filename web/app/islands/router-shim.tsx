// What the islands' components take from react-router, on a page without a router (the islands
// build aliases "react-router" here, see vite.islands.config.ts): a link is a link, the location
// is the window's, and a navigation is a page load.
import { forwardRef, type AnchorHTMLAttributes } from "react";

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

export function useSearchParams() {
  return [new URLSearchParams(location.search)] as const;
}
