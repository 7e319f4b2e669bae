import { ChevronDown, ExternalLink as ExternalLinkIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useToday } from "@/features/today/api/get-today";
import type { WaitingCounts } from "@/lib/api-types";
import { adminGroups, todaySection, type AdminGroup, type AdminSection } from "@/lib/admin-sections";

/** What a badge's number counts, for screen readers ("Berichten, 2 ongelezen"). */
const waitingWords: Record<keyof WaitingCounts, string> = {
  unread_messages: "ongelezen",
  attention_orders: "vragen aandacht",
  undelivered_mails: "niet bezorgd",
};

function waitingCount(section: AdminSection, waiting: WaitingCounts | undefined): number {
  return section.waiting && waiting ? waiting[section.waiting] : 0;
}

function CountBadge({ count, words }: { count: number; words: string }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-800 px-2 text-xs leading-5 font-semibold text-white">
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only"> {words}</span>
    </span>
  );
}

function MenuLink({ section, to, waiting }: { section: AdminSection; to?: string; waiting: WaitingCounts | undefined }) {
  return (
    <NavLink
      to={to ?? section.to}
      end
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-md px-3 py-2 no-underline ${
          isActive ? "bg-teal-soft font-semibold text-teal-dark" : "text-ink hover:bg-cream-deep"
        }`
      }
    >
      <section.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0">{section.label}</span>
      {section.waiting ? <CountBadge count={waitingCount(section, waiting)} words={waitingWords[section.waiting]} /> : null}
    </NavLink>
  );
}

function groupId(group: AdminGroup, where: string): string {
  return `beheermenu-${where}-${group.label.toLowerCase()}`;
}

/** On a wide screen: a group's button opens its pages below it (Escape, a click or focus elsewhere close it). */
function GroupDisclosure({ group, waiting }: { group: AdminGroup; waiting: WaitingCounts | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const current = group.sections.some((s) => pathname === s.to || pathname.startsWith(`${s.to}/`));
  const count = group.sections.reduce((sum, s) => sum + waitingCount(s, waiting), 0);

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !(target instanceof Node && root.current?.contains(target));
    function onPointer(e: PointerEvent) {
      if (outside(e.target)) setOpen(false);
    }
    function onFocus(e: FocusEvent) {
      if (outside(e.target)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <li ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={`flex items-center gap-2 rounded-md px-3 py-2 ${
          current ? "bg-teal-soft font-semibold text-teal-dark" : "text-ink hover:bg-cream-deep"
        }`}
      >
        {group.label}
        <CountBadge count={count} words={count === 1 ? "wacht op je" : "wachten op je"} />
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <ul
        id={listId}
        className={`${open ? "grid" : "hidden"} absolute top-full left-0 z-30 mt-1 w-64 gap-0.5 rounded-xl border border-sand bg-paper p-1.5 shadow-lg`}
      >
        {group.sections.map((section) => (
          <li key={section.to}>
            <MenuLink section={section} waiting={waiting} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function WebsiteLink() {
  return (
    <a href="/" className="flex items-center gap-2 rounded-md px-3 py-2 text-ink-soft no-underline hover:bg-cream-deep">
      <ExternalLinkIcon aria-hidden="true" className="h-4 w-4" />
      Naar de website
    </a>
  );
}

/**
 * The admin menu, grouped by what the coach does. On a wide screen a bar of groups, each
 * opening its pages (any page two clicks away); on a phone, in the menu sheet, the same groups
 * open one under the other. Counts of what waits stand on their items (and on their group).
 */
export function AdminMenu({ onDashboardAlias, email }: { onDashboardAlias: boolean; email: string }) {
  const { data } = useToday();
  const waiting = data?.waiting;
  // On /admin (the dashboard's alias) the link points there, so it is marked current too.
  const todayTo = onDashboardAlias ? "/admin" : todaySection.to;
  return (
    <>
      <ul className="container-page grid gap-4 py-3 text-base sm:grid-cols-2 lg:hidden">
        <li className="sm:col-span-2">
          <MenuLink section={todaySection} to={todayTo} waiting={waiting} />
        </li>
        {adminGroups.map((group) => (
          <li key={group.label}>
            <p id={groupId(group, "sheet")} className="px-3 text-sm font-semibold text-ink-soft">
              {group.label}
            </p>
            <ul aria-labelledby={groupId(group, "sheet")} className="mt-1 grid gap-0.5">
              {group.sections.map((section) => (
                <li key={section.to}>
                  <MenuLink section={section} waiting={waiting} />
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <WebsiteLink />
        </li>
        <li className="px-3 text-sm text-ink-soft sm:hidden">
          Aangemeld als <span className="font-medium text-ink">{email}</span>
        </li>
      </ul>
      <ul className="container-page hidden flex-wrap items-center gap-1 py-2 text-sm lg:flex">
        <li>
          <MenuLink section={todaySection} to={todayTo} waiting={waiting} />
        </li>
        {adminGroups.map((group) => (
          <GroupDisclosure key={group.label} group={group} waiting={waiting} />
        ))}
        <li className="ml-auto">
          <WebsiteLink />
        </li>
      </ul>
    </>
  );
}
