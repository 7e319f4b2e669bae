// Site navigation: the header menu groups (spec section 2).
import { getCourse } from "@/config/site";

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that render the same page (route aliases). */
  aliases?: string[];
  children?: NavItem[];
}

export const mainNav: NavItem[] = [
  { label: "Wees eerlijk", to: "/wees-eerlijk" },
  {
    label: "Begrijp jezelf",
    to: "/begrijp-jezelf",
    children: [
      { label: getCourse("spiegelgevecht").name, to: "/begrijp-jezelf/spiegelgevecht" },
      { label: "Vertelavond", to: "/begrijp-jezelf/vertelavond", aliases: ["/vertelavond"] },
    ],
  },
  {
    label: "Transformeer",
    to: "/transformeer",
    children: [
      {
        label: getCourse("zelfbeeld-ommekeer").name,
        to: "/transformeer/zelfbeeld-ommekeer",
        aliases: ["/zelfbeeld-ommekeer-booking", "/product-zelfbeeld-ommekeer"],
      },
      { label: "Webinar-reeks", to: "/transformeer/webinar-reeks", aliases: ["/webinar-reeks"] },
    ],
  },
  { label: "Voor jezelf", to: "/voor-jezelf" },
  { label: "Over mij", to: "/over-mij" },
  { label: "Contact", to: "/contact" },
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
