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
 * `data-live-href="key"` (its link), and the same values in the `#live-site` JSON block, which
 * `site` reads here so the hydrated render equals the server's HTML (server:
 * `Site::page_values`, `site_pages::business_details`). Render them with `<Live>`/`liveHref`.
 */
export const liveKeys = {
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
    tagline: pick("tagline"),
    contact: {
      ...defaults.contact,
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

export const site: SiteConfig = withSaved(
  siteJson as SiteConfig,
  savedValues(),
);

/** The value of a live detail. */
export function liveValue(key: LiveKey): string {
  return liveKeys[key](site);
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
