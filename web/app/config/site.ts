// The one place the app reads business details from: ../../config/site.json (shared with the
// server) as the default, with what the coach saved in Beheer > Instellingen over it. Nothing
// business-specific is hard-coded elsewhere.
import siteJson from "../../../config/site.json";

export type CourseMode = "online" | "onsite";

export interface Course {
  slug: string;
  name: string;
  priceCents: number;
  mode: CourseMode;
  durationDays?: number;
  path: string;
  description: string;
}

export interface SiteConfig {
  brand: string;
  brandMeaning: string;
  tagline: string;
  description: string;
  siteUrl: string;
  language: string;
  coach: { name: string; role: string; photo: string };
  contact: {
    email: string;
    phone: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    vatNumber: string;
  };
  social: { facebook: string; instagram: string; linkedin: string };
  platformUrl: string;
  quizUrl: string;
  introVideoUrl: string;
  logo: string;
  shareImage: string;
  aggregateRating: {
    ratingValue: number;
    bestRating: number;
    worstRating: number;
    fallbackReviewCount: number;
  };
  courses: Course[];
}

/**
 * The details a public page shows live, by key. Pages are prerendered with the defaults; the
 * server puts the saved values into every element marked `data-live="key"` (its text) or
 * `data-live-href="key"` (its link), and the same values in the `#live-site` JSON block, read
 * here (server: `Site::page_values` in the same order, `site_pages::business_details`). Render
 * them with `<Live>`/`liveHref`; sentences and attributes holding them with `liveText`.
 */
export const liveKeys = {
  brand: (s: SiteConfig) => s.brand,
  coachName: (s: SiteConfig) => s.coach.name,
  coachFirstName: (s: SiteConfig) => s.coach.name.trim().split(/\s+/)[0] ?? "",
  city: (s: SiteConfig) => s.contact.city,
  tagline: (s: SiteConfig) => s.tagline,
  email: (s: SiteConfig) => s.contact.email,
  phone: (s: SiteConfig) => s.contact.phone,
  street: (s: SiteConfig) => s.contact.street,
  postalCode: (s: SiteConfig) => s.contact.postalCode,
  vatNumber: (s: SiteConfig) => s.contact.vatNumber,
  facebook: (s: SiteConfig) => s.social.facebook,
  instagram: (s: SiteConfig) => s.social.instagram,
  linkedin: (s: SiteConfig) => s.social.linkedin,
  platformUrl: (s: SiteConfig) => s.platformUrl,
  quizUrl: (s: SiteConfig) => s.quizUrl,
  introVideoUrl: (s: SiteConfig) => s.introVideoUrl,
  mapsUrl: (s: SiteConfig) => mapsUrlOf(s),
} as const;
export type LiveKey = keyof typeof liveKeys;

/** The saved values the server embedded in this page; none while prerendering or without any. */
function savedValues(): Partial<Record<LiveKey, string>> {
  if (typeof document === "undefined") return {};
  const block = document.getElementById("live-site");
  if (!block?.textContent) return {};
  try {
    return JSON.parse(block.textContent) as Partial<Record<LiveKey, string>>;
  } catch {
    return {};
  }
}

function withSaved(
  defaults: SiteConfig,
  saved: Partial<Record<LiveKey, string>>,
): SiteConfig {
  const pick = (key: LiveKey) =>
    typeof saved[key] === "string" ? saved[key] : liveKeys[key](defaults);
  return {
    ...defaults,
    brand: pick("brand"),
    coach: { ...defaults.coach, name: pick("coachName") },
    tagline: pick("tagline"),
    contact: {
      ...defaults.contact,
      city: pick("city"),
      email: pick("email"),
      phone: pick("phone"),
      street: pick("street"),
      postalCode: pick("postalCode"),
      vatNumber: pick("vatNumber"),
    },
    social: {
      facebook: pick("facebook"),
      instagram: pick("instagram"),
      linkedin: pick("linkedin"),
    },
    platformUrl: pick("platformUrl"),
    quizUrl: pick("quizUrl"),
    introVideoUrl: pick("introVideoUrl"),
  };
}

const defaults = siteJson as SiteConfig;
/** Every detail as the coach saved it. */
const live = withSaved(defaults, savedValues());

/**
 * The details the pages were built with. The page head is made from these and then passed through
 * `liveText`, as the server rewrites the built head: made from saved values it could be rewritten twice.
 */
export const siteAsBuilt: SiteConfig = defaults;

/**
 * The business details. Brand, coach name and city keep the build's values here: the server
 * leaves text it finds no marker on as built, so unmarked text must render them as built to
 * hydrate. Where a visitor sees them, render `<Live field="brand" />` (or `liveText`) instead.
 */
export const site: SiteConfig = {
  ...live,
  brand: defaults.brand,
  coach: defaults.coach,
  contact: { ...live.contact, city: defaults.contact.city },
};

/** The value of a live detail. */
export function liveValue(key: LiveKey): string {
  return liveKeys[key](live);
}

/** (build value, saved value) of every live detail the coach changed, in `liveKeys` order. */
const changed: [string, string][] = (Object.keys(liveKeys) as LiveKey[])
  .map((key): [string, string] => [liveKeys[key](defaults), liveValue(key)])
  .filter(([old, now]) => old !== "" && old !== now);

/**
 * `text` with every changed detail in it replaced by the saved one, as the server rewrites the
 * page head and `data-live-attrs` attributes (`site_pages::replace_each`): in one pass from the
 * left, the longest at a place first, so a new value is never replaced again.
 */
export function liveText(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    let next: { at: number; old: string; now: string } | undefined;
    for (const [old, now] of changed) {
      const at = rest.indexOf(old);
      if (at >= 0 && (!next || at < next.at || (at === next.at && old.length > next.old.length))) {
        next = { at, old, now };
      }
    }
    if (!next) return out + rest;
    out += rest.slice(0, next.at) + next.now;
    rest = rest.slice(next.at + next.old.length);
  }
}

/** The link of a live detail, as the server makes it (`site::page_href`). */
export function liveHref(key: LiveKey): string {
  const value = liveValue(key);
  if (key === "email") return `mailto:${value}`;
  if (key === "phone") return telHref(value);
  return value;
}

/** Absolute URL on the public site for a path ("/over-mij"). */
export function absoluteUrl(path: string): string {
  const base = site.siteUrl.replace(/\/+$/, "");
  if (/^https?:\/\//.test(path)) return path;
  if (path === "/" || path === "") return `${base}/`;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

export function getCourse(slug: string): Course {
  const course = site.courses.find((c) => c.slug === slug);
  if (!course)
    throw new Error(`Course "${slug}" is missing from config/site.json`);
  return course;
}

/** "tel:" href from a human-readable phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** The address on OpenStreetMap (the server makes the same link: `Site::maps_url`). */
function mapsUrlOf(s: SiteConfig): string {
  const { street, postalCode, city } = s.contact;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${street}, ${postalCode} ${city}`)}`;
}

export const socialLinks = [
  { key: "facebook", label: "Facebook", href: site.social.facebook },
  { key: "instagram", label: "Instagram", href: site.social.instagram },
  { key: "linkedin", label: "LinkedIn", href: site.social.linkedin },
] as const;
