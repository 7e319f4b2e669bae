// Site navigation: the header menu groups (spec section 2).
import { getCourse } from "@/config/site";

export interface NavItem {
  label: string;
  /** The menu label's block key (Beheer > Pagina's), e.g. "layout.menu.wees-eerlijk". */
  block: string;
  to: string;
  /** Other paths that render the same page (route aliases). */
  aliases?: string[];
  children?: NavItem[];
}

export const mainNav: NavItem[] = [
  { label: "Wees eerlijk", block: "layout.menu.wees-eerlijk", to: "/wees-eerlijk" },
  {
    label: "Begrijp jezelf",
    block: "layout.menu.begrijp-jezelf",
    to: "/begrijp-jezelf",
    children: [
      { label: getCourse("spiegelgevecht").name, block: "layout.menu.spiegelgevecht", to: "/begrijp-jezelf/spiegelgevecht" },
      { label: "Vertelavond", block: "layout.menu.vertelavond", to: "/begrijp-jezelf/vertelavond", aliases: ["/vertelavond"] },
    ],
  },
  {
    label: "Transformeer",
    block: "layout.menu.transformeer",
    to: "/transformeer",
    children: [
      {
        label: getCourse("zelfbeeld-ommekeer").name,
        block: "layout.menu.zelfbeeld-ommekeer",
        to: "/transformeer/zelfbeeld-ommekeer",
        aliases: ["/zelfbeeld-ommekeer-booking", "/product-zelfbeeld-ommekeer"],
      },
      { label: "Webinar-reeks", block: "layout.menu.webinar-reeks", to: "/transformeer/webinar-reeks", aliases: ["/webinar-reeks"] },
    ],
  },
  { label: "Voor jezelf", block: "layout.menu.voor-jezelf", to: "/voor-jezelf" },
  { label: "Over mij", block: "layout.menu.over-mij", to: "/over-mij" },
  { label: "Contact", block: "layout.menu.contact", to: "/contact" },
];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True when the item itself is the current page (exact or alias). */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const p = normalise(pathname);
  return p === item.to || (item.aliases ?? []).includes(p);
}

/** True when one of the item's children is the current page. */
export function hasCurrentChild(item: NavItem, pathname: string): boolean {
  return (item.children ?? []).some((child) => isCurrent(child, pathname));
}
