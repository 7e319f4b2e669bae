import { ChevronDown, Menu, X } from "@/components/ui/icons";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
} from "react";
import { Link, useLocation } from "react-router";
import { BrandLogo } from "@/components/layout/brand-logo";
import { Block } from "@/components/ui/block";
import { ExternalLink } from "@/components/ui/button-link";
import { Live } from "@/components/ui/live";
import { liveHref } from "@/config/site";
import {
  hasCurrentChild,
  isCurrent,
  mainNav,
  type NavItem,
} from "@/lib/navigation";

function linkState(item: NavItem, pathname: string) {
  const current = isCurrent(item, pathname);
  const childActive = hasCurrentChild(item, pathname);
  return {
    // The page itself gets aria-current="page"; a group whose child is the
    // current page is highlighted and marked aria-current="true".
    ariaCurrent: current
      ? ("page" as const)
      : childActive
        ? ("true" as const)
        : undefined,
    active: current || childActive,
  };
}

const topLinkBase =
  "inline-flex items-center whitespace-nowrap rounded-md px-2 py-2 font-medium no-underline transition-colors xl:px-3";

function DesktopGroup({ item, pathname }: { item: NavItem; pathname: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLLIElement>(null);
  const submenuId = useId();
  const openedByHover = useRef(false);
  const { ariaCurrent, active } = linkState(item, pathname);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  // Close when the route changes.
  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      openedByHover.current = false;
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- hover, Escape and focus-out bubble up from the link and the submenu button inside; the li is not a control
    <li
      ref={containerRef}
      className="relative flex items-center"
      onMouseEnter={() => {
        if (!open) {
          openedByHover.current = true;
          setOpen(true);
        }
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget))
          setOpen(false);
      }}
    >
      <Link
        to={item.to}
        aria-current={ariaCurrent}
        className={`${topLinkBase} pr-1 ${active ? "text-teal underline decoration-gold decoration-2 underline-offset-8" : "text-ink hover:text-teal"}`}
      >
        <Block name={item.block}>{item.label}</Block>
      </Link>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={submenuId}
        aria-label={`Submenu ${item.label}`}
        onClick={() => {
          // A click right after the hover opened the menu keeps it open.
          if (openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          setOpen((v) => !v);
        }}
        className="rounded-md p-1 text-ink-soft hover:text-teal"
      >
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={submenuId}
        hidden={!open}
        className="absolute left-0 top-full z-40 min-w-60 rounded-xl border border-sand bg-paper p-2 shadow-lg"
      >
        {item.children?.map((child) => {
          const current = isCurrent(child, pathname);
          return (
            <li key={child.to}>
              <Link
                to={child.to}
                aria-current={current ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-lg px-3 py-2 no-underline ${current ? "bg-teal-soft font-semibold text-teal" : "text-ink hover:bg-cream-deep"}`}
              >
                <Block name={child.block}>{child.label}</Block>
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

function DesktopNav({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Hoofdmenu" className="hidden lg:block">
      <ul className="flex items-center gap-0.5 xl:gap-1">
        {mainNav.map((item) =>
          item.children ? (
            <DesktopGroup key={item.to} item={item} pathname={pathname} />
          ) : (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={isCurrent(item, pathname) ? "page" : undefined}
                className={`${topLinkBase} ${isCurrent(item, pathname) ? "text-teal underline decoration-gold decoration-2 underline-offset-8" : "text-ink hover:text-teal"}`}
              >
                <Block name={item.block}>{item.label}</Block>
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function HeaderActions({ stacked = false }: { stacked?: boolean }) {
  return (
    <div
      className={stacked ? "flex flex-col gap-3" : "flex items-center gap-2"}
    >
      <ExternalLink
        href={liveHref("platformUrl")}
        data-live-href="platformUrl"
        variant="secondary"
        className={stacked ? "" : "px-4 py-1 text-sm"}
      >
        <Block name="layout.header.platform">Log in Platform</Block>
      </ExternalLink>
      <ExternalLink
        href={liveHref("quizUrl")}
        data-live-href="quizUrl"
        variant="primary"
        className={stacked ? "" : "px-4 py-1 text-sm"}
      >
        <Block name="layout.header.test">Doe de test</Block>
      </ExternalLink>
    </div>
  );
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = "mobiel-menu";

  const close = useCallback(() => setMobileOpen(false), []);

  useEffect(() => setMobileOpen(false), [pathname]);

  useEffect(() => {
    if (!mobileOpen) return;
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.key === "Escape") {
        setMobileOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [mobileOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-sand bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <div className="hidden border-b border-sand/70 bg-cream-deep/70 lg:block">
        <div className="container-page flex items-center justify-between gap-4 py-1.5">
          <p className="text-sm text-ink-soft">
            <Live field="tagline" />
          </p>
          <HeaderActions />
        </div>
      </div>
      <div className="container-page flex items-center justify-between gap-4 py-3">
        <BrandLogo onNavigate={close} />
        <DesktopNav pathname={pathname} />
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-ink hover:bg-cream-deep lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls={panelId}
          aria-label={mobileOpen ? "Menu sluiten" : "Menu openen"}
          onClick={() => setMobileOpen((v) => !v)}
        >
          {mobileOpen ? (
            <X aria-hidden="true" className="h-7 w-7" />
          ) : (
            <Menu aria-hidden="true" className="h-7 w-7" />
          )}
        </button>
      </div>
      <nav
        id={panelId}
        aria-label="Mobiel menu"
        hidden={!mobileOpen}
        className="max-h-[calc(100vh-4.5rem)] overflow-y-auto border-t border-sand bg-paper lg:hidden"
      >
        <ul className="container-page flex flex-col py-4">
          {mainNav.map((item) => {
            const { ariaCurrent, active } = linkState(item, pathname);
            return (
              <li
                key={item.to}
                className="border-b border-sand/70 last:border-b-0"
              >
                <Link
                  to={item.to}
                  aria-current={ariaCurrent}
                  onClick={close}
                  className={`block py-3 text-lg no-underline ${active ? "font-semibold text-teal" : "text-ink"}`}
                >
                  <Block name={item.block}>{item.label}</Block>
                </Link>
                {item.children ? (
                  <ul className="mb-3 ml-4 border-l-2 border-gold/60 pl-4">
                    {item.children.map((child) => {
                      const current = isCurrent(child, pathname);
                      return (
                        <li key={child.to}>
                          <Link
                            to={child.to}
                            aria-current={current ? "page" : undefined}
                            onClick={close}
                            className={`block py-2 no-underline ${current ? "font-semibold text-teal" : "text-ink-soft"}`}
                          >
                            <Block name={child.block}>{child.label}</Block>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="container-page pb-6">
          <HeaderActions stacked />
        </div>
      </nav>
    </header>
  );
}
